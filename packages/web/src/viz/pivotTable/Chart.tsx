import {
  AGGREGATE_FUNCTION_KEYS,
  type HeaderLabel,
  type PivotDimensions,
  type PivotHeaderCell,
  type PivotTableChartProps,
} from '@vitrina/common/viz/pivotTable/index';
import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartComponentProps, CrossFilterTuples } from '../types.ts';

const valueKey = (value: unknown) => (value === null || value === undefined ? '\u0000null' : String(value));

/** Whether a header or cell stands for exactly the selected dimension values. */
export function isSelectedDimensions(
  dimensions: PivotDimensions | undefined,
  selection: CrossFilterTuples | null | undefined,
): boolean {
  if (!dimensions || !selection) return false;
  const columns = Object.keys(dimensions);
  if (columns.length !== selection.columns.length) return false;
  if (!selection.columns.every((column) => column in dimensions)) return false;
  return selection.tuples.some((tuple) =>
    selection.columns.every((column, i) => valueKey(tuple[i]) === valueKey(dimensions[column])),
  );
}

/**
 * The pivot table: an HTML table with nested row and column headers, subtotals and totals, as
 * transformProps laid it out; this component only draws it and names the totals in the UI language.
 * On a dashboard a click on a dimension value's header or on a cell cross-filters on the dimension
 * values it stands for, and the selected ones are drawn highlighted.
 */
export function PivotTableChart({
  props,
  width,
  height,
  onCrossFilterDimensions,
  crossFilterTuples,
}: ChartComponentProps) {
  const pivot = props as unknown as PivotTableChartProps;
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const aggregator = t(
    `viz.types.pivotTable.aggregators.${AGGREGATE_FUNCTION_KEYS[pivot.aggregateFunction]}`,
  );

  const labelText = (label: HeaderLabel): string => {
    switch (label.type) {
      case 'value':
      case 'attr':
        return label.text;
      case 'null':
        return t('viz.types.pivotTable.texts.nullValue');
      case 'metricAttr':
        return t('viz.types.pivotTable.texts.metric');
      case 'subtotal':
        return t('viz.types.pivotTable.texts.subtotal');
      case 'total':
        return t('viz.types.pivotTable.texts.total', { aggregator });
      case 'empty':
        return '';
    }
  };

  const border = `1px solid ${token.colorBorderSecondary}`;
  const base: CSSProperties = { border, padding: '3px 8px', whiteSpace: 'nowrap' };
  const headerStyle = (label: HeaderLabel): CSSProperties => ({
    ...base,
    background: token.colorFillQuaternary,
    textAlign: 'left',
    verticalAlign: 'top',
    fontWeight: label.type === 'value' || label.type === 'null' ? 500 : 600,
    ...(label.type === 'null' ? { fontStyle: 'italic' } : {}),
    ...(label.type === 'attr' || label.type === 'metricAttr' ? { color: token.colorTextSecondary } : {}),
  });

  /** Click handling and highlight of what stands for dimension values, on a dashboard. */
  const crossFilterProps = (dimensions: PivotDimensions | undefined) => {
    if (!onCrossFilterDimensions || !dimensions) return { style: {} };
    const selected = isSelectedDimensions(dimensions, crossFilterTuples);
    return {
      onClick: () => onCrossFilterDimensions(dimensions),
      'data-cross-filter': selected ? 'selected' : 'selectable',
      style: {
        cursor: 'pointer',
        ...(selected ? { background: token.colorPrimaryBg, fontWeight: 600 } : {}),
      } satisfies CSSProperties,
    };
  };

  const header = (cell: PivotHeaderCell, key: number, scope?: 'col' | 'row') => {
    const { style, ...clicks } = crossFilterProps(cell.dimensions);
    return (
      <th
        key={key}
        scope={scope}
        rowSpan={cell.rowSpan > 1 ? cell.rowSpan : undefined}
        colSpan={cell.colSpan > 1 ? cell.colSpan : undefined}
        style={{ ...headerStyle(cell.label), ...style }}
        {...clicks}
      >
        {labelText(cell.label)}
      </th>
    );
  };

  return (
    <div style={{ width, height, overflow: 'auto', fontSize: token.fontSizeSM }}>
      <table style={{ borderCollapse: 'collapse' }}>
        <thead>
          {pivot.headerRows.map((line, index) => (
            // Header rows have no identity beyond their level.
            // biome-ignore lint/suspicious/noArrayIndexKey: the level is the row's identity
            <tr key={index}>{line.map((cell, position) => header(cell, position, 'col'))}</tr>
          ))}
        </thead>
        <tbody>
          {pivot.rows.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions of the laid-out pivot
            <tr key={index} data-kind={row.kind}>
              {row.headers.map((cell, position) => header(cell, position, 'row'))}
              {row.cells.map((cell, position) => {
                const { style, ...clicks } = crossFilterProps(cell.dimensions);
                return (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions of the laid-out pivot
                    key={position}
                    data-kind={cell.kind}
                    style={{
                      ...base,
                      textAlign: typeof cell.value === 'number' ? 'right' : 'left',
                      fontWeight: cell.kind === 'data' ? 400 : 600,
                      background:
                        cell.background ?? (cell.kind === 'data' ? undefined : token.colorFillQuaternary),
                      ...style,
                    }}
                    {...clicks}
                  >
                    {cell.text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
