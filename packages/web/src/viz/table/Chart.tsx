import { CaretDownOutlined, CaretUpOutlined, InfoCircleOutlined } from '@ant-design/icons';
import {
  type ColumnDef,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { TableChartProps, TableColumn } from '@vitrina/common/viz/table/index';
import { Flex, Input, Pagination, Select, Tooltip, theme } from 'antd';
import { type CSSProperties, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartComponentProps } from '../types.ts';
import { cellStyle, TableCell } from './TableCell.tsx';
import { compareCells, rowMatches } from './tableRows.ts';

type Row = Record<string, unknown>;

const BAR_HEIGHT = 40;
const ROW_HEIGHT = 30;
/** Longer row lists are drawn a window at a time. */
const VIRTUALIZE_ABOVE = 100;

/**
 * The table chart: sortable headers, a search box, pages (in the browser, or on the server through
 * the chart's own state), the summary row, cell bars and conditional colours; long pages are
 * virtualised.
 */
export function TableChart({
  props,
  width,
  height,
  onOwnStateChange,
  onCrossFilter,
  crossFilterSelection,
}: ChartComponentProps) {
  const table = props as unknown as TableChartProps;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [sorting, setSorting] = useState<SortingState>([]);
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize: table.pageSize });
  const server = table.serverPagination;

  // A new page length from the form data starts over on the first page.
  useEffect(() => setPagination({ pageIndex: 0, pageSize: table.pageSize }), [table.pageSize]);

  const columns = useMemo<ColumnDef<Row>[]>(
    () =>
      table.columns.map((column) => ({
        id: column.key,
        accessorFn: (row: Row) => row[column.key],
        header: column.label,
        sortingFn: (a, b, id) => compareCells(a.getValue(id), b.getValue(id)),
        sortDescFirst: false,
      })),
    [table.columns],
  );

  const clientPaged = !server && pagination.pageSize > 0;
  const reactTable = useReactTable<Row>({
    data: table.data,
    columns,
    state: { sorting, globalFilter: search, pagination },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getColumnCanGlobalFilter: () => true,
    globalFilterFn: (row) => rowMatches(row.original, table.columns, search),
    ...(server ? { manualSorting: true } : { getSortedRowModel: getSortedRowModel() }),
    ...(clientPaged ? { getPaginationRowModel: getPaginationRowModel() } : { manualPagination: true }),
    autoResetPageIndex: false,
  });

  const rows = reactTable.getRowModel().rows;
  const filteredCount = reactTable.getFilteredRowModel().rows.length;
  const pageSize = server ? table.pageSize : pagination.pageSize;
  const currentPage = server ? table.currentPage : pagination.pageIndex;
  const total = server ? table.rowCount : filteredCount;
  const showPager = pageSize > 0 && (server || total > pageSize);
  const showTopBar = table.includeSearch || pageSize > 0 || server;
  const bodyHeight = Math.max(0, height - (showTopBar ? BAR_HEIGHT : 0) - (showPager ? BAR_HEIGHT : 0));

  const scroller = useRef<HTMLDivElement>(null);
  const virtualize = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: virtualize ? rows.length : 0,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    initialRect: { width, height: bodyHeight },
  });

  const serverSort = table.sort;
  const sortOf = (key: string): 'asc' | 'desc' | false => {
    if (server) return serverSort?.key === key ? (serverSort.desc ? 'desc' : 'asc') : false;
    return reactTable.getColumn(key)?.getIsSorted() ?? false;
  };

  const ownState = (next: {
    currentPage?: number;
    pageSize?: number;
    sortBy?: Array<{ key: string; desc: boolean }>;
  }) =>
    onOwnStateChange?.({
      currentPage: next.currentPage ?? table.currentPage,
      pageSize: next.pageSize ?? table.pageSize,
      sortBy: next.sortBy ?? (serverSort ? [serverSort] : []),
    });

  const toggleSort = (column: TableColumn) => {
    if (!server) {
      reactTable.getColumn(column.key)?.toggleSorting(undefined, false);
      return;
    }
    // Server sort cycles ascending → descending → as the query orders.
    const current = sortOf(column.key);
    const sortBy =
      current === false
        ? [{ key: column.key, desc: false }]
        : current === 'asc'
          ? [{ key: column.key, desc: true }]
          : [];
    ownState({ currentPage: 0, sortBy });
  };

  const changePageSize = (size: number) => {
    if (server) ownState({ currentPage: 0, pageSize: size });
    else setPagination({ pageIndex: 0, pageSize: size });
  };

  const changePage = (page: number) => {
    if (server) ownState({ currentPage: page - 1 });
    else setPagination((state) => ({ ...state, pageIndex: page - 1 }));
  };

  const headerStyle: CSSProperties = {
    position: 'sticky',
    top: 0,
    zIndex: 1,
    background: token.colorBgContainer,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
    fontWeight: 600,
    cursor: 'pointer',
    userSelect: 'none',
    // Long titles (Russian ones especially) wrap rather than push the table past its card.
    whiteSpace: 'normal',
    verticalAlign: 'bottom',
  };
  const rowStyle: CSSProperties = {
    height: ROW_HEIGHT,
    borderBottom: `1px solid ${token.colorBorderSecondary}`,
  };

  const items = virtualize ? virtualizer.getVirtualItems() : null;
  const visibleRows = items ? items.map((item) => rows[item.index]).filter((row) => row !== undefined) : rows;
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items ? virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0) : 0;
  const span = table.columns.length || 1;

  return (
    <div style={{ width, height, display: 'flex', flexDirection: 'column', fontSize: token.fontSizeSM }}>
      {showTopBar && (
        <Flex align="center" justify="space-between" gap={8} style={{ height: BAR_HEIGHT, flex: 'none' }}>
          {pageSize > 0 || server ? (
            <Flex align="center" gap={8}>
              <span>{t('viz.types.table.texts.pageSize')}</span>
              <Select
                size="small"
                aria-label={t('viz.types.table.texts.pageSize')}
                value={pageSize}
                onChange={changePageSize}
                popupMatchSelectWidth={false}
                options={table.pageSizeChoices.map((size) => ({
                  value: size,
                  label: size === 0 ? t('viz.types.table.texts.all') : String(size),
                }))}
              />
            </Flex>
          ) : (
            <span />
          )}
          {table.includeSearch && (
            <Input
              size="small"
              allowClear
              style={{ maxWidth: 240 }}
              aria-label={t('viz.types.table.texts.search')}
              placeholder={t('viz.types.table.texts.searchPlaceholder', { count: total })}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPagination((state) => ({ ...state, pageIndex: 0 }));
              }}
            />
          )}
        </Flex>
      )}
      <div ref={scroller} style={{ height: bodyHeight, overflow: 'auto', flex: 'none' }}>
        <table style={{ borderCollapse: 'collapse', minWidth: '100%' }}>
          <thead>
            <tr>
              {table.columns.map((column) => {
                const sorted = sortOf(column.key);
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    onClick={() => toggleSort(column)}
                    style={cellStyle(column, headerStyle)}
                  >
                    {column.label}
                    <span
                      style={{
                        marginInlineStart: 4,
                        color: sorted ? token.colorPrimary : token.colorTextQuaternary,
                      }}
                    >
                      {sorted === 'desc' ? <CaretDownOutlined /> : <CaretUpOutlined />}
                    </span>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
            {visibleRows.map((row) => (
              <tr key={row.id} style={rowStyle}>
                {table.columns.map((column) => {
                  const value = row.original[column.key];
                  // Dimension cells cross-filter the dashboard; metric cells do not.
                  const crossFilter = onCrossFilter && !column.isMetric ? onCrossFilter : undefined;
                  return (
                    <TableCell
                      key={column.key}
                      column={column}
                      value={value}
                      {...(crossFilter
                        ? {
                            onClick: () => crossFilter(column.key, value),
                            selected:
                              crossFilterSelection?.column === column.key &&
                              crossFilterSelection.values.some((selected) => selected === (value ?? null)),
                          }
                        : {})}
                    />
                  );
                })}
              </tr>
            ))}
            {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
            {rows.length === 0 && search && (
              <tr>
                <td
                  colSpan={span}
                  style={{ padding: 16, textAlign: 'center', color: token.colorTextSecondary }}
                >
                  {t('viz.types.table.texts.noMatches')}
                </td>
              </tr>
            )}
          </tbody>
          {table.totals && (
            <tfoot>
              <tr style={{ fontWeight: 600, borderTop: `2px solid ${token.colorBorder}` }}>
                {table.columns.map((column, index) => {
                  const value = table.totals?.[column.key];
                  if (index === 0 && value === undefined)
                    return (
                      <td
                        key={column.key}
                        style={cellStyle(column, {
                          position: 'sticky',
                          bottom: 0,
                          background: token.colorBgContainer,
                        })}
                      >
                        <Tooltip title={t('viz.types.table.texts.summaryTooltip')}>
                          <span>
                            {t('viz.types.table.texts.summary')} <InfoCircleOutlined />
                          </span>
                        </Tooltip>
                      </td>
                    );
                  return (
                    <td
                      key={column.key}
                      style={cellStyle(column, {
                        position: 'sticky',
                        bottom: 0,
                        background: token.colorBgContainer,
                      })}
                    >
                      {value === undefined || value === null ? '' : column.format(value)}
                    </td>
                  );
                })}
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {showPager && (
        <Flex align="center" justify="flex-end" style={{ height: BAR_HEIGHT, flex: 'none' }}>
          <Pagination
            size="small"
            current={currentPage + 1}
            pageSize={pageSize}
            total={total}
            showSizeChanger={false}
            onChange={changePage}
            showTotal={(count, [from, to]) => t('viz.types.table.texts.range', { from, to, total: count })}
          />
        </Flex>
      )}
    </div>
  );
}
