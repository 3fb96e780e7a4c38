import { once } from 'node:events';
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import { PRIVATE_FILE_MODE } from '../../platform/privateFiles.ts';

/**
 * An .xlsx sheet rewritten as CSV (comma-separated, RFC 4180 quoting) with exceljs's streaming reader,
 * row by row, so a large workbook is never held in memory; the CSV then loads like any other. Dates
 * become `YYYY-MM-DD HH:MM:SS` (exceljs reads them as UTC), formulas their cached result.
 */
export async function excelToCsv(input: string, output: string, sheetName?: string): Promise<void> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const out = fs.createWriteStream(output, { encoding: 'utf8', mode: PRIVATE_FILE_MODE });
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  try {
    let found = false;
    for await (const worksheet of reader) {
      const name = (worksheet as unknown as { name?: string }).name;
      if (found || (sheetName && name !== sheetName)) {
        // Sheets must still be consumed for the reader to reach the next one.
        for await (const _row of worksheet) {
          // skip
        }
        continue;
      }
      found = true;
      let width = 0;
      for await (const row of worksheet) {
        const values = (row.values as unknown[]).slice(1);
        if (width === 0) width = values.length;
        const cells: string[] = [];
        for (let i = 0; i < Math.max(width, values.length); i++) cells.push(csvField(cellText(values[i])));
        await write(`${cells.join(',')}\n`);
      }
    }
    if (!found)
      throw new Error(sheetName ? `Worksheet "${sheetName}" not found` : 'The workbook has no sheet');
  } finally {
    out.end();
    await once(out, 'close');
  }
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return '';
    const date = `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    return `${date} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`;
  }
  if (typeof value === 'object') {
    const cell = value as {
      result?: unknown;
      text?: unknown;
      richText?: Array<{ text: string }>;
      error?: unknown;
    };
    if (cell.richText) return cell.richText.map((part) => part.text).join('');
    if ('result' in cell) return cellText(cell.result);
    if (typeof cell.text === 'string') return cell.text;
    if (cell.error !== undefined) return '';
    return JSON.stringify(value);
  }
  return String(value);
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
