import type { TableColumnsType, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';

/** The paging and sorting part of a list screen's state. */
export interface SortableListState {
  page: number;
  pageSize: number;
  sortColumn: string;
  sortDirection: 'asc' | 'desc';
}

/**
 * A server-paged, server-sorted list table's props: the columns marked with the
 * current sort, the pagination and the change handler that writes both back.
 */
export function useSortableList<T, S extends SortableListState>(
  state: S,
  setState: Dispatch<SetStateAction<S>>,
  initial: S,
  total: number,
) {
  const { t } = useTranslation();
  const sortOrder = (column: string) =>
    state.sortColumn === column ? (state.sortDirection === 'asc' ? 'ascend' : 'descend') : null;

  const withSortOrder = (columns: TableColumnsType<T>): TableColumnsType<T> =>
    columns.map((column) => ({ ...column, sortOrder: sortOrder(String(column.key)) }));

  const pagination = {
    current: state.page + 1,
    pageSize: state.pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 25, 50, 100],
    showTotal: (count: number) => t('common.total', { total: count }),
  };

  const onChange: NonNullable<TableProps<T>['onChange']> = (next, _filters, sorter) => {
    const { columnKey, order } = sorter as SorterResult<T>;
    setState((current) => ({
      ...current,
      page: (next.current ?? 1) - 1,
      pageSize: next.pageSize ?? current.pageSize,
      sortColumn: order ? String(columnKey) : initial.sortColumn,
      sortDirection: order ? (order === 'descend' ? 'desc' : 'asc') : initial.sortDirection,
    }));
  };

  return { withSortOrder, pagination, onChange };
}
