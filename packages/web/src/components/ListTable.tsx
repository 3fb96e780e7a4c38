import { Empty, Table, type TableProps } from 'antd';
import type { ReactNode } from 'react';

interface ListTableProps<T> extends TableProps<T> {
  /** What the empty list says, e.g. 'No dashboards yet'. */
  emptyText: ReactNode;
}

/** A list screen's table, with the list's own empty state. */
export function ListTable<T extends object>({ emptyText, locale, ...props }: ListTableProps<T>) {
  return (
    <Table<T>
      size="middle"
      bordered={false}
      scroll={{ x: 'max-content' }}
      locale={{
        ...locale,
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />,
      }}
      {...props}
    />
  );
}
