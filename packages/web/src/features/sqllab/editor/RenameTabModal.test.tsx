// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testI18n } from '../../../testing/i18n.ts';
import type { EditorTab } from '../state/editorState.ts';
import { RenameTabModal } from './RenameTabModal.tsx';

afterEach(cleanup);

const tab = { id: 'tab-5', name: 'Untitled Query 5' } as EditorTab;

function modal(shown: EditorTab | undefined, onRename: (id: string, name: string) => void) {
  return (
    <I18nextProvider i18n={testI18n('en')}>
      <RenameTabModal tab={shown} onClose={() => undefined} onRename={onRename} />
    </I18nextProvider>
  );
}

describe('RenameTabModal', () => {
  it('keeps a name typed while the modal is still opening', async () => {
    const onRename = vi.fn();
    const { rerender } = render(modal(undefined, onRename));
    rerender(modal(tab, onRename));
    const field = screen.getByLabelText('Tab name') as HTMLInputElement;
    expect(field.value).toBe('Untitled Query 5');
    fireEvent.change(field, { target: { value: 'Renamed tab' } });
    // Let the opening animation finish before submitting, as a quick typist's Enter may come after it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 600)));
    fireEvent.keyDown(screen.getByLabelText('Tab name'), { key: 'Enter', keyCode: 13 });
    expect(onRename).toHaveBeenCalledWith('tab-5', 'Renamed tab');
  });
});
