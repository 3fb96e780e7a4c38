// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubLayoutApis } from '../../../testing/providers.tsx';
import { CssEditorModal } from './CssEditorModal.tsx';
import { CSS_TEMPLATES } from './cssTemplates.ts';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

beforeEach(() => stubLayoutApis());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEditor(css = '.old { color: red; }') {
  const handlers = { onClose: vi.fn(), onApply: vi.fn() };
  renderWithProviders(<CssEditorModal css={css} open {...handlers} />);
  return handlers;
}

async function pickTemplate(name: string) {
  fireEvent.mouseDown(await screen.findByLabelText('Template'));
  fireEvent.click(await screen.findByText(name));
}

describe('CssEditorModal', () => {
  it('shows the CSS it opens with in the editor', async () => {
    renderEditor();
    expect((await screen.findByLabelText('Dashboard CSS')).textContent).toContain('.old { color: red; }');
  });

  it('previews a template on the page after a pause, once', async () => {
    const { onApply, onClose } = renderEditor();
    await pickTemplate('Courier black');
    const courier = CSS_TEMPLATES.find((template) => template.id === 'courierBlack')!.css;
    await waitFor(() => expect(onApply).toHaveBeenCalledWith(courier));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText('Dashboard CSS').textContent).toContain('Courier New');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onClose).toHaveBeenCalled();
    expect(onApply).toHaveBeenCalledTimes(1);
  });

  it('applies at once on Apply, without waiting for the pause', async () => {
    const { onApply } = renderEditor();
    await pickTemplate('Flat');
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(CSS_TEMPLATES[0]!.css);
  });

  it('puts the old CSS back on Cancel after a preview', async () => {
    const { onApply, onClose } = renderEditor();
    await pickTemplate('Flat');
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onApply).toHaveBeenLastCalledWith('.old { color: red; }');
    expect(onClose).toHaveBeenCalled();
  });

  it('changes nothing on Cancel when nothing was previewed', async () => {
    const { onApply } = renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();
  });
});
