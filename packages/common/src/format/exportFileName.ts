/**
 * File names for chart data exports. The spec: 'Exports are named after the chart, time grain or
 * range, and viz type'. Superset's server names exports by the time alone (`%Y%m%d_%H%M%S`), so the
 * stamp closes the name: `<chart>_<grain or range>_<viz type>_<YYYYMMDD_HHMMSS>.<csv|xlsx>`, e.g.
 * `Выручка по регионам_P1D_echarts_timeseries_bar_20240313_103742.csv`.
 *
 * Safe on every OS: no path separators, no characters Windows forbids (\ / : * ? " < > |), no
 * control characters, no leading dot, letters of any script (Cyrillic) kept, and at most 200 bytes
 * of UTF-8 (file systems allow 255), cutting the chart name first, never inside a character.
 */

export interface ExportFileNameInput {
  chartName: string | null | undefined;
  vizType: string | null | undefined;
  /** An ISO-8601 duration such as 'P1D' (time_grain_sqla); preferred over the range. */
  timeGrain?: string | null;
  /** A time range such as 'Last week' or '2024-01-01 : 2024-02-01'; 'No filter' is left out. */
  timeRange?: string | null;
  format: 'csv' | 'xlsx';
  now: Date;
}

export const MAX_EXPORT_FILE_NAME_BYTES = 200;

/** Removes what a file name cannot hold; whitespace runs become one space. */
export function sanitizeFileNamePart(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\s+:\s+/g, '..')
      .replace(/\s+/g, ' ')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
      .replace(/[\\/:*?"<>|\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '_')
      .trim()
      .replace(/^[._\s]+|[._\s]+$/g, '')
  );
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

function truncateUtf8(text: string, maxBytes: number): string {
  let out = '';
  let bytes = 0;
  for (const char of text) {
    const size = utf8Length(char);
    if (bytes + size > maxBytes) break;
    out += char;
    bytes += size;
  }
  return out.trimEnd();
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function stamp(now: Date): string {
  return `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}_${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}`;
}

export function exportFileName(input: ExportFileNameInput): string {
  const chart = sanitizeFileNamePart(input.chartName ?? '') || 'chart';
  const grain = sanitizeFileNamePart(input.timeGrain ?? '');
  const rawRange = (input.timeRange ?? '').trim();
  const range = /^no filter$/i.test(rawRange) ? '' : sanitizeFileNamePart(rawRange);
  const period = grain || range;
  const viz = sanitizeFileNamePart(input.vizType ?? '');
  const tail = [period, viz, stamp(input.now)].filter((part) => part !== '');
  const extension = `.${input.format}`;
  // The tail is kept whole when it fits; the chart name gets what remains (at least 1 character).
  let tailText = `_${tail.join('_')}`;
  const tailBytes = utf8Length(tailText) + extension.length;
  if (tailBytes > MAX_EXPORT_FILE_NAME_BYTES - 16) {
    tailText = truncateUtf8(tailText, MAX_EXPORT_FILE_NAME_BYTES - 16 - extension.length);
  }
  const room = MAX_EXPORT_FILE_NAME_BYTES - utf8Length(tailText) - extension.length;
  const name = truncateUtf8(chart, room) || 'chart';
  return `${name}${tailText}${extension}`;
}
