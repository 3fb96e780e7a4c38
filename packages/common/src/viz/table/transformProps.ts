/**
 * Query result → the table component's props. The results are in buildQuery's order: the rows, then
 * (server pagination) the row count, then (show_totals) the summary row.
 */
import { cellNumber } from '../echartsShared/formData.ts';
import type { ChartProps, FormData, RenderProps } from '../types.ts';
import { serverPageOf, serverSortOf } from './buildQuery.ts';
import { tableColumns } from './columns.ts';
import { PAGE_LENGTH_CHOICES, SERVER_PAGE_LENGTH_CHOICES } from './controlPanel.ts';
import { flagOf, queryModeOf } from './formData.ts';
import type { TableChartProps } from './types.ts';

/** Above this many cells a table without a page length is paged by 200 rows (Superset's rule). */
const AUTO_PAGE_CELLS = 5000;
const AUTO_PAGE_SIZE = 200;

/** The client-side page size: page_length when set (0 = all rows), else automatic. */
export function clientPageSize(formData: FormData, rows: number, columns: number): number {
  const chosen = formData.page_length;
  if (chosen !== undefined && chosen !== null && chosen !== '') {
    const parsed = cellNumber(chosen);
    return parsed !== null && parsed > 0 ? Math.trunc(parsed) : 0;
  }
  return rows * columns > AUTO_PAGE_CELLS ? AUTO_PAGE_SIZE : 0;
}

function choicesWith(choices: readonly number[], current: number): number[] {
  return [...new Set([...choices, current])].sort((a, b) => a - b);
}

export function transformProps(chartProps: ChartProps): RenderProps {
  const { formData, queriesData, width, height } = chartProps;
  const ownState = chartProps.ownState ?? {};
  const serverPagination = formData.server_pagination === true;
  const [rowsResult, second, third] = queriesData;
  const countResult = serverPagination ? second : undefined;
  const totalsResult = serverPagination ? third : second;

  const data = rowsResult?.data ?? [];
  const columns = tableColumns(chartProps, data);
  const showTotals = queryModeOf(formData) === 'aggregate' && formData.show_totals === true;
  const counted = cellNumber(countResult?.data?.[0]?.rowcount);

  let pageSize: number;
  let currentPage = 0;
  if (serverPagination) {
    const page = serverPageOf(formData, ownState);
    pageSize = page.pageSize;
    currentPage = page.currentPage;
  } else {
    pageSize = clientPageSize(formData, data.length, columns.length);
  }

  const props: TableChartProps = {
    columns,
    data,
    totals: showTotals ? (totalsResult?.data?.[0] ?? null) : null,
    rowCount: serverPagination && counted !== null ? counted : data.length,
    serverPagination,
    pageSize,
    pageSizeChoices: serverPagination
      ? choicesWith(SERVER_PAGE_LENGTH_CHOICES, pageSize)
      : choicesWith(PAGE_LENGTH_CHOICES, pageSize),
    currentPage,
    sort: serverPagination ? serverSortOf(ownState) : null,
    includeSearch: flagOf(formData.include_search, false),
  };
  return { renderer: 'table', props: props as unknown as Record<string, unknown>, width, height };
}
