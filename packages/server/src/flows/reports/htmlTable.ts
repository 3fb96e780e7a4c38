import { GENERIC_DATA_TYPE } from '@vitrina/common';

/** A result as an HTML table for a TEXT report's mail body; every cell and header is escaped. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

export interface TableData {
  colnames: readonly string[];
  /** GenericDataType of each column; TEMPORAL values are epoch milliseconds. */
  coltypes: readonly number[];
  records: ReadonlyArray<Record<string, unknown>>;
}

/** `2024-01-02 10:00:00` in UTC, as the chart's table shows a timestamp without a format. */
function timestampText(value: number): string {
  return new Date(value)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.000Z$|Z$/, '');
}

export function cellText(value: unknown, coltype: number | undefined): string {
  if (value === null || value === undefined) return '';
  if (coltype === GENERIC_DATA_TYPE.TEMPORAL && typeof value === 'number') return timestampText(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function htmlTable(data: TableData): string {
  const header = data.colnames.map((name) => `<th>${escapeHtml(name)}</th>`).join('');
  const rows = data.records.map((record) => {
    const cells = data.colnames.map(
      (name, i) => `<td>${escapeHtml(cellText(record[name], data.coltypes[i]))}</td>`,
    );
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table border="1" cellpadding="4" style="border-collapse: collapse"><thead><tr>${header}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The same rows as tab-separated text for the plain part of the mail. */
export function plainTable(data: TableData): string {
  const line = (cells: string[]) => cells.map((cell) => cell.replace(/[\t\r\n]+/g, ' ')).join('\t');
  return [
    line([...data.colnames]),
    ...data.records.map((record) =>
      line(data.colnames.map((name, i) => cellText(record[name], data.coltypes[i]))),
    ),
  ].join('\n');
}
