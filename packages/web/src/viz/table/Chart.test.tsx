// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { ChartDataResult, DatasourceMeta, FormData } from '@vitrina/common';
import { plugin } from '@vitrina/common/viz/table/index';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLayoutApis } from '../../testing/providers.tsx';
import { renderIn } from '../testUtils.tsx';
import { TableChart } from './Chart.tsx';

const datasource: DatasourceMeta = {
  id: 1,
  type: 'table',
  columns: [],
  metrics: [{ metric_name: 'revenue', verbose_name: 'Revenue', d3format: ',.2f', currency: null }],
  verboseMap: { country: 'Country', revenue: 'Revenue' },
};

const rows = [
  { country: 'France', revenue: 1200.5 },
  { country: 'Germany', revenue: -300 },
  { country: 'Austria', revenue: 50 },
  { country: null, revenue: 10 },
  { country: 'Spain', revenue: 700 },
];

function result(data: Array<Record<string, unknown>>): ChartDataResult {
  return { data, colnames: ['country', 'revenue'], coltypes: [1, 0], rowcount: data.length };
}

function renderTable(
  formData: Partial<FormData>,
  queriesData: ChartDataResult[] = [result(rows)],
  options: {
    ownState?: Record<string, unknown>;
    onOwnStateChange?: (state: Record<string, unknown>) => void;
    language?: 'en' | 'ru';
  } = {},
) {
  const render = plugin.transformProps({
    formData: {
      datasource: '1__table',
      viz_type: 'table',
      query_mode: 'aggregate',
      groupby: ['country'],
      metrics: ['revenue'],
      ...formData,
    },
    queriesData,
    datasource,
    width: 600,
    height: 400,
    locale: options.language ?? 'en',
    ...(options.ownState ? { ownState: options.ownState } : {}),
  });
  if (render.renderer !== 'table') throw new Error('not a table');
  return renderIn(
    options.language ?? 'en',
    <TableChart
      props={render.props}
      width={600}
      height={400}
      {...(options.onOwnStateChange ? { onOwnStateChange: options.onOwnStateChange } : {})}
    />,
  );
}

const bodyRows = () => within(screen.getAllByRole('rowgroup')[1] as HTMLElement).queryAllByRole('row');
const pageButton = (page: number) =>
  within(document.querySelector('.ant-pagination') as HTMLElement).getByTitle(String(page));
const firstColumn = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

beforeEach(stubLayoutApis);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TableChart', () => {
  it('shows verbose headers, formatted values and empty values as N/A', () => {
    renderTable({});
    expect(screen.getByRole('columnheader', { name: /Country/ })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: /Revenue/ })).toBeTruthy();
    expect(screen.getByText('1,200.50')).toBeTruthy();
    expect(screen.getByText('−300.00')).toBeTruthy();
    expect(screen.getByText('N/A')).toBeTruthy();
  });

  it('formats and marks empty values in Russian', () => {
    renderTable({}, [result(rows)], { language: 'ru' });
    const exact = { normalizer: (text: string) => text };
    expect(screen.getByText('1\u00a0200,50', exact)).toBeTruthy();
    expect(screen.getByText('н/д')).toBeTruthy();
  });

  it('sorts by a header: ascending, descending, then back to the query order', () => {
    renderTable({});
    const header = screen.getByRole('columnheader', { name: /Revenue/ });
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(firstColumn()).toEqual(['Germany', 'N/A', 'Austria', 'Spain', 'France']);
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(firstColumn()).toEqual(['France', 'Spain', 'Austria', 'N/A', 'Germany']);
    fireEvent.click(header);
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(firstColumn()).toEqual(['France', 'Germany', 'Austria', 'N/A', 'Spain']);
    fireEvent.click(screen.getByRole('columnheader', { name: /Country/ }));
    expect(firstColumn()).toEqual(['Austria', 'France', 'Germany', 'Spain', 'N/A']);
  });

  it('searches the rows in the search box', () => {
    renderTable({ include_search: true });
    const search = screen.getByRole('textbox', { name: 'Search' });
    expect(search.getAttribute('placeholder')).toBe('5 records');
    fireEvent.change(search, { target: { value: 'an' } });
    expect(firstColumn()).toEqual(['France', 'Germany']);
    fireEvent.change(search, { target: { value: '1,200' } });
    expect(firstColumn()).toEqual(['France']);
    fireEvent.change(search, { target: { value: 'nowhere' } });
    expect(screen.getByText('No matching records found')).toBeTruthy();
  });

  it('pages in the browser', () => {
    renderTable({ page_length: 2 });
    expect(firstColumn()).toEqual(['France', 'Germany']);
    expect(screen.getByText('1–2 of 5')).toBeTruthy();
    fireEvent.click(pageButton(2));
    expect(firstColumn()).toEqual(['Austria', 'N/A']);
    fireEvent.click(pageButton(3));
    expect(firstColumn()).toEqual(['Spain']);
  });

  it('asks for another page and sort through the own state with server pagination', () => {
    const onOwnStateChange = vi.fn();
    renderTable(
      { server_pagination: true, server_page_length: 2 },
      [
        result(rows.slice(0, 2)),
        { data: [{ rowcount: 5 }], colnames: ['rowcount'], coltypes: [0], rowcount: 1 },
      ],
      { onOwnStateChange },
    );
    expect(firstColumn()).toEqual(['France', 'Germany']);
    expect(screen.getByText('1–2 of 5')).toBeTruthy();
    fireEvent.click(pageButton(3));
    expect(onOwnStateChange).toHaveBeenLastCalledWith({ currentPage: 2, pageSize: 2, sortBy: [] });
    fireEvent.click(screen.getByRole('columnheader', { name: /Revenue/ }));
    expect(onOwnStateChange).toHaveBeenLastCalledWith({
      currentPage: 0,
      pageSize: 2,
      sortBy: [{ key: 'revenue', desc: false }],
    });
    // The rows stay in the server's order: sorting is the server's job.
    expect(firstColumn()).toEqual(['France', 'Germany']);
  });

  it('shows the server sort and continues its cycle', () => {
    const onOwnStateChange = vi.fn();
    renderTable(
      { server_pagination: true },
      [result(rows), { data: [{ rowcount: 5 }], colnames: ['rowcount'], coltypes: [0], rowcount: 1 }],
      {
        ownState: { currentPage: 0, pageSize: 10, sortBy: [{ key: 'revenue', desc: false }] },
        onOwnStateChange,
      },
    );
    const header = screen.getByRole('columnheader', { name: /Revenue/ });
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(header);
    expect(onOwnStateChange).toHaveBeenLastCalledWith({
      currentPage: 0,
      pageSize: 10,
      sortBy: [{ key: 'revenue', desc: true }],
    });
  });

  it('shows the summary row', () => {
    renderTable({ show_totals: true }, [
      result(rows),
      { data: [{ revenue: 1660.5 }], colnames: ['revenue'], coltypes: [0], rowcount: 1 },
    ]);
    const footer = screen.getAllByRole('rowgroup')[2] as HTMLElement;
    expect(within(footer).getByText('Summary')).toBeTruthy();
    expect(within(footer).getByText('1,660.50')).toBeTruthy();
  });

  it('draws cell bars and conditional backgrounds', () => {
    const { container } = renderTable({
      conditional_formatting: [{ column: 'revenue', operator: '<', targetValue: 0, colorScheme: '#ff0000' }],
    });
    expect(container.querySelectorAll('[data-cell-bar]').length).toBe(5);
    const negative = screen.getByText('−300.00').closest('td');
    expect(negative?.getAttribute('data-background')).toBe('rgba(255,0,0,1)');
    expect(screen.getByText('700.00').closest('td')?.getAttribute('data-background')).toBeNull();
  });

  it('draws only a window of a long list of rows', () => {
    // jsdom lays nothing out: the scrolling box reports the height it would have.
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(300);
    vi.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(600);
    const many = Array.from({ length: 2000 }, (_, i) => ({ country: `Country ${i}`, revenue: i }));
    renderTable({ page_length: 0 }, [result(many)]);
    const drawn = bodyRows().filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(100);
    expect(screen.getByText('Country 0')).toBeTruthy();
  });
});
