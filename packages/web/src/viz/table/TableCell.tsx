import { cellBar } from '@vitrina/common/viz/table/cellBars';
import type { TableColumn } from '@vitrina/common/viz/table/index';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

const CELL_PADDING = '4px 8px';

export function cellStyle(column: TableColumn, extra: CSSProperties = {}): CSSProperties {
  return {
    padding: CELL_PADDING,
    textAlign: column.align,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    ...(column.width ? { width: column.width, minWidth: column.width, maxWidth: column.width } : {}),
    ...extra,
  };
}

/** An empty value, marked as Superset marks it. */
export function NullValue() {
  const { t } = useTranslation();
  return (
    <span style={{ color: 'rgba(0,0,0,0.45)', fontStyle: 'italic' }}>
      {t('viz.types.table.texts.nullValue')}
    </span>
  );
}

interface TableCellProps {
  column: TableColumn;
  value: unknown;
  /** Set on cells that cross-filter a dashboard when clicked. */
  onClick?: () => void;
  /** The cell's value is the chart's own cross-filter. */
  selected?: boolean;
}

const SELECTED_BACKGROUND = '#e6f4ff';

/**
 * One body cell: the formatted value over its cell bar, on its conditional background; a clickable
 * dimension cell on a dashboard, marked when it is the chart's cross-filter.
 */
export function TableCell({ column, value, onClick, selected }: TableCellProps) {
  const bar = column.bars
    ? cellBar(value, column.bars.range, column.bars.alignPositiveNegative, column.bars.colorPositiveNegative)
    : null;
  const background = selected ? SELECTED_BACKGROUND : column.background?.(value);
  const empty = value === null || value === undefined;
  return (
    <td
      style={cellStyle(column, {
        position: 'relative',
        ...(background ? { background } : {}),
        ...(onClick ? { cursor: 'pointer' } : {}),
      })}
      data-background={background}
      {...(onClick ? { onClick, 'data-cross-filter': selected ? 'selected' : 'selectable' } : {})}
    >
      {bar && (
        <div
          aria-hidden
          data-cell-bar
          style={{
            position: 'absolute',
            top: 3,
            bottom: 3,
            left: `${bar.left}%`,
            width: `${bar.width}%`,
            background: bar.color,
            borderRadius: 2,
          }}
        />
      )}
      <span style={{ position: 'relative' }}>{empty ? <NullValue /> : column.format(value)}</span>
    </td>
  );
}
