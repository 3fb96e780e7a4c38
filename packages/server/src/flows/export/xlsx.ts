/**
 * Streaming XLSX writer on exceljs's WorkbookWriter: each row is committed as soon as it is added
 * and the workbook is never held, so memory stays bounded by one batch plus the zip buffers.
 *
 * Cells are typed: numbers as numbers (integers beyond Excel's 15 significant digits as text, so IDs
 * are not silently rounded), numeric text from the driver (big integers, decimals) as numbers only
 * when Excel keeps it exactly (≤ 15 significant digits and the double round-trips), else as text;
 * ISO timestamps as date-time cells ('yyyy-mm-dd hh:mm:ss', milliseconds kept, wall clock as given,
 * UTC for zoned values), dates as date cells ('yyyy-mm-dd'), booleans as booleans. Text is stored
 * as text, never as a formula, so no formula guard is needed; text over Excel's 32,767-character
 * cell limit is cut there. Past `rowsPerSheet` data rows the writer moves to a new sheet
 * ('<name> (2)', '<name> (3)', …) repeating the header, instead of failing.
 */
import type { Writable } from 'node:stream';
import type { ColumnKind } from '@vitrina/common/sql/dialect';
import ExcelJS from 'exceljs';
import { streamFailed } from './errors.ts';
import { waitForDrain } from './sink.ts';
import type { PreparedExport } from './source.ts';
import { ISO_DATE, ISO_TIMESTAMP, NUMERIC_TEXT } from './valueForms.ts';

export interface XlsxOptions {
  /** Name of the first sheet (default 'Sheet1'); cleaned of the characters Excel forbids. */
  sheetName?: string;
  /** Data rows per sheet before moving to the next (default and maximum 1,048,575: Excel's 1,048,576 rows minus the header). */
  rowsPerSheet?: number;
}

export const XLSX_MAX_DATA_ROWS = 1_048_575;
const MAX_CELL_TEXT = 32_767;
const MAX_EXACT = 1e15;
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DATE_FORMAT = 'yyyy-mm-dd';

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ], not blank. */
export function safeSheetName(name: string, suffix = ''): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
    .replace(/[:\\/?*[\]\u0000-\u001f\u007f]/g, ' ')
    .replace(/^'+|'+$/g, '')
    .trim();
  const base = cleaned === '' ? 'Sheet1' : cleaned;
  const room = 31 - suffix.length;
  return [...base].slice(0, room).join('').trimEnd() + suffix;
}

function significantDigits(text: string): number {
  const digits = text
    .replace(/^[-+]/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '');
  return digits.replace(/^0+/, '').replace(/0+$/, '').length;
}

/** Numeric text as a number when Excel stores it exactly, else null (kept as text). */
export function exactNumber(text: string): number | null {
  if (!NUMERIC_TEXT.test(text)) return null;
  const number = Number(text);
  if (!Number.isFinite(number) || significantDigits(text) > 15) return null;
  return number;
}

type CellValue = ExcelJS.CellValue;
interface TypedCell {
  value: CellValue;
  numFmt?: string;
}

function timestampCell(text: string): TypedCell | null {
  const match = ISO_TIMESTAMP.exec(text);
  if (!match) return null;
  const time = Date.parse(`${match[1]}T${match[2]}Z`);
  return Number.isNaN(time) ? null : { value: new Date(time), numFmt: DATE_TIME_FORMAT };
}

function dateCell(text: string): TypedCell | null {
  if (!ISO_DATE.test(text)) return null;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(time) ? null : { value: new Date(time), numFmt: DATE_FORMAT };
}

function textCell(text: string): TypedCell {
  return { value: text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text };
}

/** One value as an Excel cell; exported for tests. */
export function toCell(value: unknown, kind: ColumnKind): TypedCell {
  if (value === null || value === undefined) return { value: null };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { value: null };
    if (Number.isInteger(value) && Math.abs(value) >= MAX_EXACT) return { value: String(value) };
    return { value };
  }
  if (typeof value === 'boolean') return { value };
  if (typeof value === 'bigint') return textCell(value.toString());
  if (typeof value === 'string') {
    if (kind === 'number' || kind === 'unknown') {
      const number = exactNumber(value);
      if (number !== null) return { value: number };
      if (kind === 'number') return textCell(value);
    }
    if (kind === 'timestamp' || kind === 'unknown') {
      const cell = timestampCell(value) ?? dateCell(value);
      if (cell) return cell;
    }
    if (kind === 'date') {
      const cell = dateCell(value) ?? timestampCell(value);
      if (cell) return cell;
    }
    return textCell(value);
  }
  if (value instanceof Date) return { value, numFmt: DATE_TIME_FORMAT };
  return textCell(JSON.stringify(value));
}

/**
 * Streams a result to `sink` as an XLSX workbook and resolves with the number of data rows written
 * once the workbook is complete. Ends the sink (the zip must be closed to be valid). Throws
 * ExportError NO_DATA / QUERY_FAILED before writing anything (see source.ts), STREAM_FAILED midway.
 */
export async function writeXlsx(
  prepared: PreparedExport,
  sink: Writable,
  options: XlsxOptions = {},
): Promise<number> {
  const perSheet = Math.min(options.rowsPerSheet ?? XLSX_MAX_DATA_ROWS, XLSX_MAX_DATA_ROWS);
  if (!Number.isInteger(perSheet) || perSheet < 1) throw new Error('rowsPerSheet must be a positive integer');
  const name = options.sheetName ?? 'Sheet1';
  const kinds = prepared.kinds;
  const header = prepared.columns.map((column) => column.name);
  const width = kinds.length;

  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: sink,
    useStyles: true,
    useSharedStrings: false,
  });
  let sheetNumber = 0;
  let sheet!: ExcelJS.Worksheet;
  let inSheet = 0;
  const nextSheet = (): void => {
    if (sheetNumber > 0) sheet.commit();
    sheetNumber++;
    sheet = workbook.addWorksheet(safeSheetName(name, sheetNumber === 1 ? '' : ` (${sheetNumber})`), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const row = sheet.addRow(header);
    row.font = { bold: true };
    row.commit();
    inSheet = 0;
  };

  let rows = 0;
  try {
    nextSheet();
    for await (const batch of prepared.batches) {
      for (const values of batch) {
        if (inSheet >= perSheet) nextSheet();
        const row = sheet.addRow([]);
        for (let i = 0; i < width; i++) {
          const cell = toCell(values[i], kinds[i] ?? 'unknown');
          if (cell.value === null) continue;
          const target = row.getCell(i + 1);
          target.value = cell.value;
          if (cell.numFmt) target.numFmt = cell.numFmt;
        }
        row.commit();
        inSheet++;
        rows++;
      }
      // Let the zip drain into the sink before producing more: this is the bounded-memory part.
      await waitForDrain(sink);
    }
    sheet.commit();
    await workbook.commit();
  } catch (error) {
    throw streamFailed(error);
  }
  return rows;
}
