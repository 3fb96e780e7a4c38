import type { ListResponse } from '@vitrina/common';
import {
  Empty,
  Flex,
  Pagination,
  Spin,
  type TableColumnsType,
  type TablePaginationConfig,
  type TableProps,
} from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BulkDeleteBar } from '../DeleteConfirm.tsx';
import { ErrorBox } from '../ErrorBox.tsx';
import { ListTable } from '../ListTable.tsx';
import { type SortableListState, useSortableList } from '../sortableList.ts';
import { ListFilters, type ListFiltersProps } from './ListFilters.tsx';
import type { ListState } from './useListState.ts';

/** What a list view reads of its page query (a TanStack query of a list endpoint). */
export interface ListQueryResult<T> {
  data?: ListResponse<T> | undefined;
  isFetching: boolean;
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/** Deleting the selected rows: the bar's texts, its action, and more buttons beside it. */
export interface ListBulkDelete {
  selectedText: (count: number) => ReactNode;
  confirmTitle: (count: number) => ReactNode;
  deleteText: ReactNode;
  clearText: ReactNode;
  onDelete: (ids: number[]) => void;
  /** More actions on the selection (e.g. export), after the bar. */
  extra?: (ids: number[]) => ReactNode;
  style?: CSSProperties;
}

export interface ListViewProps<T extends { id?: number }, S extends SortableListState>
  extends ListFiltersProps {
  list: ListState<S>;
  query: ListQueryResult<T>;
  columns: TableColumnsType<T>;
  emptyText: string;
  /** Rows can be selected and deleted together. */
  bulkDelete?: ListBulkDelete;
  /** Draws the rows as cards instead of the table (a card view), with the same paging. */
  cards?: (rows: T[]) => ReactNode;
  /** A short list's paging: e.g. no size changer and no pager for a single page. */
  paging?: Pick<TablePaginationConfig, 'hideOnSinglePage' | 'showSizeChanger' | 'showTotal'>;
  /** Row handlers of the table (e.g. a click that opens the row's details). */
  onRow?: TableProps<T>['onRow'];
  /** Rows that open to show more (e.g. an entry's details). */
  expandable?: TableProps<T>['expandable'];
}

/**
 * The one list screen body: filter bar, bulk-delete bar, error, then the server-paged, server-sorted
 * table (or cards). Pages give their columns, filters and actions; the plumbing lives here.
 */
export function ListView<T extends { id?: number }, S extends SortableListState>({
  list,
  query,
  columns,
  emptyText,
  bulkDelete,
  cards,
  paging,
  onRow,
  expandable,
  ...filters
}: ListViewProps<T, S>) {
  const { t } = useTranslation();
  const table = useSortableList<T, S>(list.state, list.setState, list.initial, query.data?.count ?? 0);
  const pagination = { ...table.pagination, ...paging };
  const rows = query.data?.result ?? [];
  const { selected, setSelected } = list;

  const bulkBar = bulkDelete && selected.length > 0 && (
    <BulkDeleteBar
      selectedText={bulkDelete.selectedText(selected.length)}
      confirmTitle={bulkDelete.confirmTitle(selected.length)}
      deleteText={bulkDelete.deleteText}
      clearText={bulkDelete.clearText}
      onDelete={() => bulkDelete.onDelete(selected)}
      onClear={() => setSelected([])}
      {...(bulkDelete.style && { style: bulkDelete.style })}
    />
  );

  return (
    <>
      <ListFilters {...filters} />
      {bulkBar &&
        (bulkDelete.extra ? (
          <Flex gap={12} align="center">
            {bulkBar}
            {bulkDelete.extra(selected)}
          </Flex>
        ) : (
          bulkBar
        ))}
      {query.isError && <ErrorBox error={query.error} />}
      {cards ? (
        <Spin spinning={query.isFetching}>
          {rows.length === 0 && !query.isPending ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ) : (
            cards(rows)
          )}
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination
              {...pagination}
              onChange={(page, pageSize) =>
                list.setState((current) => ({
                  ...current,
                  page: pageSize === current.pageSize ? page - 1 : 0,
                  pageSize,
                }))
              }
            />
          </Flex>
        </Spin>
      ) : (
        <ListTable<T>
          rowKey="id"
          columns={table.withSortOrder(columns)}
          dataSource={rows}
          loading={query.isFetching}
          emptyText={emptyText}
          {...(bulkDelete && {
            rowSelection: {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys.map(Number)),
              // antd names these checkboxes in English whatever its locale.
              getTitleCheckboxProps: () => ({ 'aria-label': t('common.selectAllRows') }),
              getCheckboxProps: (row) => ({
                'aria-label': t('common.selectRow', { number: rows.indexOf(row) + 1 }),
              }),
            },
          })}
          pagination={pagination}
          onChange={table.onChange}
          {...(onRow && { onRow })}
          {...(expandable && { expandable })}
        />
      )}
    </>
  );
}
