import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeResizeObserver } from '../../../viz/testUtils.tsx';
import { TAIL_DROP_HEIGHT } from '../edit/DropZone.tsx';
import { answeringFetcher, chartDto, layoutOf, recordingEdits, renderCanvas } from './canvasTestHarness.tsx';
import { DashboardCanvas } from './DashboardCanvas.tsx';

// This machine is slow and the first render loads antd, the chart types and the markdown renderer.
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', fakeResizeObserver({ width: 400, height: 300 }).ResizeObserver);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.location.hash = '';
});

type NodeRow = [string, string, string[], Record<string, unknown>?];
const GRID_ONLY = (children: string[]): NodeRow[] => [
  ['ROOT_ID', 'ROOT', ['GRID_ID']],
  ['GRID_ID', 'GRID', children],
];

function containers() {
  return Array.from(document.querySelectorAll<HTMLElement>('[data-test="chart-container"]'));
}

describe('DashboardCanvas in view mode', () => {
  it('draws a row of charts at their grid widths and heights, and reports their status', async () => {
    const fetcher = answeringFetcher();
    renderCanvas({
      layout: layoutOf([
        ...GRID_ONLY(['ROW-1']),
        ['ROW-1', 'ROW', ['CHART-1', 'CHART-2']],
        ['CHART-1', 'CHART', [], { chartId: 1, width: 4, height: 50 }],
        ['CHART-2', 'CHART', [], { chartId: 2, width: 8, height: 30 }],
      ]),
      charts: [chartDto(1), chartDto(2)],
      fetcher,
      children: <DashboardCanvas />,
    });
    const [first, second] = containers();
    expect(first?.dataset.chartId).toBe('1');
    expect(first?.style.height).toBe('400px');
    expect(second?.style.height).toBe('240px');
    expect(first?.parentElement?.style.width).toContain('0.3333');
    expect(screen.getByText('Chart 1')).toBeTruthy();
    await waitFor(
      () => expect(containers().map((box) => box.dataset.chartStatus)).toEqual(['rendered', 'rendered']),
      {
        timeout: 10_000,
      },
    );
    expect(fetcher).toHaveBeenCalledTimes(2);
    expect(fetcher.mock.calls[0]?.[1]).toMatchObject({ sliceId: 1, dashboardId: 7 });
  });

  it('marks a chart whose query fails as failed', async () => {
    renderCanvas({
      layout: layoutOf([
        ...GRID_ONLY(['ROW-1']),
        ['ROW-1', 'ROW', ['CHART-1']],
        ['CHART-1', 'CHART', [], { chartId: 1 }],
      ]),
      charts: [chartDto(1)],
      fetcher: async () => {
        throw new Error('boom');
      },
      children: <DashboardCanvas />,
    });
    await waitFor(() => expect(containers()[0]?.dataset.chartStatus).toBe('failed'));
  });

  it('titles charts in Russian when the UI is Russian and the chart has a Russian name', () => {
    renderCanvas({
      language: 'ru',
      layout: layoutOf([
        ...GRID_ONLY(['ROW-1']),
        ['ROW-1', 'ROW', ['CHART-1']],
        ['CHART-1', 'CHART', [], { chartId: 1 }],
      ]),
      charts: [chartDto(1, { slice_name_ru: 'Рождения' })],
      fetcher: answeringFetcher(),
      children: <DashboardCanvas />,
    });
    expect(screen.getByText('Рождения')).toBeTruthy();
  });

  it('draws headers in their sizes, dividers, columns and sanitised markdown', async () => {
    renderCanvas({
      layout: layoutOf([
        ...GRID_ONLY(['HEADER-1', 'DIVIDER-1', 'ROW-1']),
        ['HEADER-1', 'HEADER', [], { text: 'Overview', headerSize: 'LARGE_HEADER' }],
        ['DIVIDER-1', 'DIVIDER', []],
        ['ROW-1', 'ROW', ['COLUMN-1']],
        ['COLUMN-1', 'COLUMN', ['MARKDOWN-1'], { width: 6 }],
        [
          'MARKDOWN-1',
          'MARKDOWN',
          [],
          { width: 6, height: 20, code: '## Notes\n\n<img src="/x.png" onerror="alert(1)">' },
        ],
      ]),
      children: <DashboardCanvas />,
    });
    const header = screen.getByText('Overview');
    expect(header.dataset.headerSize).toBe('LARGE_HEADER');
    expect(header.style.fontSize).toBe('32px');
    expect(document.querySelector('[data-test="dashboard-divider"]')).toBeTruthy();
    expect(
      document.querySelector('[data-test="dashboard-column"]')?.closest<HTMLElement>('.dashboard-child')
        ?.style.width,
    ).toContain('0.5');
    const markdown = document.querySelector<HTMLElement>('[data-test="dashboard-markdown"]');
    expect(markdown?.style.height).toBe('160px');
    expect(
      await within(markdown as HTMLElement).findByRole('heading', { name: 'Notes' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(markdown?.innerHTML).not.toMatch(/onerror/);
  });

  it('mounts only the selected tab, so charts in other tabs ask for data when opened', async () => {
    const fetcher = answeringFetcher();
    renderCanvas({
      layout: layoutOf([
        ['ROOT_ID', 'ROOT', ['TABS-1']],
        ['TABS-1', 'TABS', ['TAB-1', 'TAB-2']],
        ['TAB-1', 'TAB', ['ROW-1'], { text: 'First' }],
        ['TAB-2', 'TAB', ['ROW-2'], { text: 'Second' }],
        ['ROW-1', 'ROW', ['CHART-1']],
        ['ROW-2', 'ROW', ['CHART-2']],
        ['CHART-1', 'CHART', [], { chartId: 1 }],
        ['CHART-2', 'CHART', [], { chartId: 2 }],
      ]),
      charts: [chartDto(1), chartDto(2)],
      fetcher,
      children: <DashboardCanvas />,
    });
    // The tabs' code loads when a dashboard first shows tabs.
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    expect(containers().map((box) => box.dataset.chartId)).toEqual(['1']);
    await act(async () => {
      fireEvent.click(screen.getByText('Second'));
    });
    await waitFor(() => expect(containers().map((box) => box.dataset.chartId)).toEqual(['2']));
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('says so when a chart on the layout is not among the dashboard charts', () => {
    renderCanvas({
      layout: layoutOf([
        ...GRID_ONLY(['ROW-1']),
        ['ROW-1', 'ROW', ['CHART-1']],
        ['CHART-1', 'CHART', [], { chartId: 9, sliceName: 'Gone' }],
      ]),
      children: <DashboardCanvas />,
    });
    expect(containers()[0]?.dataset.chartStatus).toBe('failed');
    expect(screen.getByText('The chart “Gone” is no longer available.')).toBeTruthy();
  });

  it('shows no editing controls', () => {
    renderCanvas({
      layout: layoutOf([...GRID_ONLY(['HEADER-1']), ['HEADER-1', 'HEADER', [], { text: 'Overview' }]]),
      children: <DashboardCanvas />,
    });
    expect(document.querySelector('[data-test="drop-zone"]')).toBeNull();
    expect(document.querySelector('[data-test="delete-component"]')).toBeNull();
  });

  it('says an empty dashboard has no charts, and leads an editor into edit mode', async () => {
    renderCanvas({ layout: layoutOf(GRID_ONLY([])), edits: recordingEdits(), children: <DashboardCanvas /> });
    expect(screen.getByText('There are no charts added to this dashboard')).toBeTruthy();
    expect(screen.getByText('Go to the edit mode to configure the dashboard and add charts')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit the dashboard' }));
    // In edit mode the empty grid is one drop zone that says what to drop there.
    const zone = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('[data-test="drop-zone"][data-parent-id="GRID_ID"]');
      expect(found).not.toBeNull();
      return found as HTMLElement;
    });
    expect(within(zone).getByText('Drag and drop components and charts to the dashboard')).toBeTruthy();
    expect(screen.queryByText('There are no charts added to this dashboard')).toBeNull();
  });

  it('says so in Russian too', () => {
    renderCanvas({ layout: layoutOf(GRID_ONLY([])), language: 'ru', children: <DashboardCanvas /> });
    expect(screen.getByText('На этот дашборд ещё не добавлены графики')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Редактировать дашборд' })).toBeTruthy();
  });
});

describe('DashboardCanvas in edit mode', () => {
  const layout = layoutOf([
    ...GRID_ONLY(['HEADER-1', 'ROW-1']),
    ['HEADER-1', 'HEADER', [], { text: 'Overview', headerSize: 'MEDIUM_HEADER' }],
    ['ROW-1', 'ROW', ['MARKDOWN-1']],
    ['MARKDOWN-1', 'MARKDOWN', [], { width: 4, height: 20, code: '# Hello' }],
  ]);

  it('offers drop zones, delete buttons and resize handles', () => {
    const edits = recordingEdits();
    renderCanvas({ layout, editing: true, edits, children: <DashboardCanvas /> });
    const zones = document.querySelectorAll<HTMLElement>('[data-test="drop-zone"]');
    expect([...zones].map((zone) => `${zone.dataset.parentId}:${zone.dataset.index}`)).toEqual([
      'ROOT_ID:0',
      'GRID_ID:0',
      'GRID_ID:1',
      'ROW-1:0',
      'ROW-1:1',
      'GRID_ID:2',
      'ROOT_ID:1',
    ]);
    expect(document.querySelectorAll('[data-test="resize-handle"]')).toHaveLength(1);
    const deletes = screen.getAllByRole('button', { name: 'Delete' });
    fireEvent.click(deletes[0] as HTMLElement);
    expect(edits.remove).toHaveBeenCalledWith('HEADER-1');
  });

  it('ends the grid in a roomy drop target, and keeps the gutter-sized ones elsewhere', () => {
    renderCanvas({ layout, editing: true, edits: recordingEdits(), children: <DashboardCanvas /> });
    const zoneAt = (parentId: string, index: number) =>
      document.querySelector(
        `[data-test="drop-zone"][data-parent-id="${parentId}"][data-index="${index}"]`,
      ) as HTMLElement;
    const gridEnd = zoneAt('GRID_ID', 2);
    expect(gridEnd.style.minHeight).toBe(`${TAIL_DROP_HEIGHT}px`);
    expect(TAIL_DROP_HEIGHT).toBeGreaterThanOrEqual(64);
    expect(gridEnd.classList.contains('dashboard-drop-zone-tail')).toBe(true);
    expect(zoneAt('ROW-1', 1).classList.contains('dashboard-drop-zone-tail')).toBe(false);
    expect(zoneAt('ROOT_ID', 1).classList.contains('dashboard-drop-zone-tail')).toBe(false);
  });

  it('edits header text in place and changes its size from the menu', async () => {
    const edits = recordingEdits();
    renderCanvas({ layout, editing: true, edits, children: <DashboardCanvas /> });
    const text = screen.getByRole('textbox', { name: 'Header text' });
    fireEvent.change(text, { target: { value: 'Summary' } });
    fireEvent.blur(text);
    expect(edits.updateMeta).toHaveBeenCalledWith('HEADER-1', { text: 'Summary' });
    fireEvent.click(screen.getByRole('button', { name: 'Header size' }));
    fireEvent.click(await screen.findByText('Large'));
    expect(edits.updateMeta).toHaveBeenCalledWith('HEADER-1', { headerSize: 'LARGE_HEADER' });
  });

  it('switches markdown between preview and editor', async () => {
    const edits = recordingEdits();
    renderCanvas({ layout, editing: true, edits, children: <DashboardCanvas /> });
    await screen.findByRole('heading', { name: 'Hello' }, { timeout: 10_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const source = screen.getByRole('textbox', { name: 'Markdown text' });
    fireEvent.change(source, { target: { value: '# Bye' } });
    fireEvent.blur(source);
    expect(edits.updateMeta).toHaveBeenCalledWith('MARKDOWN-1', { code: '# Bye' });
  });

  it('drops what is dragged onto a zone', () => {
    const edits = recordingEdits();
    renderCanvas({ layout, editing: true, edits, children: <DashboardCanvas /> });
    const handle = document.querySelectorAll<HTMLElement>('[data-test="drag-handle"]')[0] as HTMLElement;
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(handle, { dataTransfer });
    // The root takes only tabs: a header dropped there is refused.
    const rootEnd = document.querySelector(
      '[data-test="drop-zone"][data-parent-id="ROOT_ID"][data-index="1"]',
    ) as HTMLElement;
    fireEvent.drop(rootEnd, { dataTransfer });
    expect(edits.drop).not.toHaveBeenCalled();
    fireEvent.dragStart(handle, { dataTransfer });
    const gridEnd = document.querySelector(
      '[data-test="drop-zone"][data-parent-id="GRID_ID"][data-index="2"]',
    ) as HTMLElement;
    fireEvent.dragOver(gridEnd, { dataTransfer });
    fireEvent.drop(gridEnd, { dataTransfer });
    expect(edits.drop).toHaveBeenCalledWith(expect.objectContaining({ id: 'HEADER-1', type: 'HEADER' }), {
      parentId: 'GRID_ID',
      index: 2,
    });
  });
});
