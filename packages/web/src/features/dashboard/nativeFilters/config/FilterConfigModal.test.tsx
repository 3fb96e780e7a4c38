import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installBrowserStubs } from '../../../../testing/browserStubs.ts';
import { chartDto, layoutOf, renderCanvas } from '../../view/canvasTestHarness.tsx';
import { DataMaskProvider } from '../dataMaskContext.tsx';
import { FilterConfigModal } from './FilterConfigModal.tsx';

const layout = layoutOf([
  ['ROOT_ID', 'ROOT', ['GRID_ID']],
  ['GRID_ID', 'GRID', ['ROW-1']],
  ['ROW-1', 'ROW', ['CHART-1']],
  ['CHART-1', 'CHART', [], { chartId: 1, width: 4, height: 50 }],
]);

function renderModal(onClose = vi.fn()) {
  renderCanvas({
    layout,
    charts: [chartDto(1)],
    children: (
      <App>
        <DataMaskProvider initial={{}}>
          <FilterConfigModal onClose={onClose} />
        </DataMaskProvider>
      </App>
    ),
  });
  return onClose;
}

describe('the filter configuration modal', { timeout: 30_000 }, () => {
  beforeAll(installBrowserStubs);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('refuses to save a filter without a name and focuses it', async () => {
    const onClose = renderModal();
    fireEvent.click(screen.getByRole('button', { name: /Divider$/ }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Section' } });
    fireEvent.click(screen.getByRole('button', { name: /Filter$/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Name is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Filter name')));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('keeps a deleted filter restorable until the grace period ends', async () => {
    renderModal();
    fireEvent.click(screen.getByRole('button', { name: /Divider$/ }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Section' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Section' }));
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    expect(screen.getByRole('button', { name: 'Delete Section' })).toBeTruthy();
  });
});
