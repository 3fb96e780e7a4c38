import type { ChartDataResult } from '@vitrina/common';
import { Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** GenericDataType of a temporal column; its values arrive as epoch milliseconds. */
const TEMPORAL = 2;

/** A cell as text: temporal values as ISO date-times, objects as JSON. */
export function cellText(value: unknown, coltype: number | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (coltype === TEMPORAL && typeof value === 'number') {
    const date = new Date(value);
    if (!Number.isNaN(date.getTime()))
      return date
        .toISOString()
        .replace('T', ' ')
        .replace(/\.000Z$|Z$/, '');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

type Row = Record<string, unknown> & { __row: number };

/**
 * The rows of a chart data answer as a virtualised table, one column per result column; numbers in
 * their column's format when `numberFormats` has one.
 */
export function DataGrid({
  result,
  height,
  numberFormats = {},
}: {
  result: ChartDataResult;
  height: number;
  numberFormats?: Readonly<Record<string, (value: number) => string>>;
}) {
  const { t } = useTranslation();
  const rows = useMemo<Row[]>(() => result.data.map((row, index) => ({ ...row, __row: index })), [result]);
  const columns: TableColumnsType<Row> = result.colnames.map((name, index) => ({
    key: name,
    dataIndex: name,
    title: name,
    width: 160,
    ellipsis: true,
    render: (value: unknown) => {
      const format = numberFormats[name];
      const text =
        format && typeof value === 'number' ? format(value) : cellText(value, result.coltypes[index]);
      return text === null ? (
        <Typography.Text type="secondary">{t('explore.data.null')}</Typography.Text>
      ) : (
        text
      );
    },
  }));
  return (
    <Table<Row>
      size="small"
      bordered
      virtual
      rowKey="__row"
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: Math.max(columns.length * 160, 400), y: height }}
    />
  );
}
