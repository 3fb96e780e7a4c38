import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';

export const ROW_HEIGHT = 28;
const MIN_COLUMN_WIDTH = 90;
const MAX_COLUMN_WIDTH = 320;
const CHAR_WIDTH = 8;

interface ResultsGridProps {
  columns: string[];
  rows: Array<Record<string, unknown>>;
  /** Height of the scrolling area in pixels. */
  height: number;
}

/** How a cell shows its value: NULL spelled out, big numbers as the exact strings the client parsed. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A width that fits the header and the first rows, so 100,000 rows are never measured. */
function columnWidth(column: string, rows: Array<Record<string, unknown>>): number {
  let longest = column.length;
  for (const row of rows.slice(0, 50)) longest = Math.max(longest, cellText(row[column]).length);
  return Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, longest * CHAR_WIDTH + 16));
}

/** The results table: only the rows in view are in the page, so 100,000 rows scroll smoothly. */
export function ResultsGrid({ columns, rows, height }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const widths = columns.map((column) => columnWidth(column, rows));
  const totalWidth = widths.reduce((sum, width) => sum + width, 0);
  const template = widths.map((width) => `${width}px`).join(' ');

  return (
    <div
      ref={scrollRef}
      className="sqllab-results-grid"
      style={{ height, overflow: 'auto', position: 'relative', fontSize: 12 }}
    >
      <table
        aria-rowcount={rows.length + 1}
        style={{ display: 'grid', width: totalWidth, borderCollapse: 'collapse' }}
      >
        <thead
          style={{
            display: 'grid',
            position: 'sticky',
            top: 0,
            zIndex: 1,
            background: 'var(--ant-color-fill-alter, #fafafa)',
          }}
        >
          <tr style={{ display: 'grid', gridTemplateColumns: template, height: ROW_HEIGHT }}>
            {columns.map((column) => (
              <th key={column} style={{ ...cellStyle, textAlign: 'left', fontWeight: 600 }}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody style={{ display: 'grid', height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index] ?? {};
            return (
              <tr
                aria-rowindex={item.index + 2}
                key={item.key}
                style={{
                  display: 'grid',
                  gridTemplateColumns: template,
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: totalWidth,
                  height: ROW_HEIGHT,
                  transform: `translateY(${item.start}px)`,
                  borderBottom: '1px solid var(--ant-color-border-secondary, #f0f0f0)',
                }}
              >
                {columns.map((column) => {
                  const value = row[column];
                  return (
                    <td
                      key={column}
                      style={{
                        ...cellStyle,
                        color: value === null || value === undefined ? '#999' : undefined,
                      }}
                    >
                      {cellText(value)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const cellStyle = {
  padding: '4px 8px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  lineHeight: `${ROW_HEIGHT - 8}px`,
} as const;
