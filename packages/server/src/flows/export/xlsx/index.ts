import type { Writable } from 'node:stream';
import { streamFailed } from '../errors.ts';
import type { PreparedExport } from '../source.ts';
import { cellXml, columnLetters, headerCellXml } from './cells.ts';
import {
  contentTypes,
  ROOT_RELS,
  SHEET_END,
  STYLES,
  sheetPath,
  sheetStart,
  workbook,
  workbookRels,
} from './parts.ts';
import { type ZipEntryWriter, ZipStream } from './zipStream.ts';

/**
 * Streaming XLSX writer built for speed: rows become sheet XML (inline strings, no shared-strings
 * table) in plain string concatenation, handed in chunks of about 1 MB to a streaming ZIP whose
 * deflate runs in zlib on the thread pool; memory stays bounded by a chunk and the zlib queues.
 * Cell typing is cells.ts's. The header row is bold and frozen. Past `rowsPerSheet` data rows the
 * writer moves to a new sheet ('<name> (2)', '<name> (3)', …) repeating the header, instead of failing.
 */

export { exactNumber } from './cells.ts';

export interface XlsxOptions {
  /** Name of the first sheet (default 'Sheet1'); cleaned of the characters Excel forbids. */
  sheetName?: string;
  /** Data rows per sheet before moving to the next (default and maximum 1,048,575: Excel's 1,048,576 rows minus the header). */
  rowsPerSheet?: number;
}

export const XLSX_MAX_DATA_ROWS = 1_048_575;
/** Excel's last column is XFD; columns past it are left out. */
const MAX_COLUMNS = 16_384;
/** zlib level 1: sheet XML is repetitive, so the fastest level still packs it about 8:1. */
const COMPRESSION_LEVEL = 1;
/** Bytes of sheet XML gathered before they go to the deflater. */
const CHUNK_BYTES = 1 << 20;
/** A UTF-16 code unit takes at most 3 bytes in UTF-8. */
const MAX_BYTES_PER_CHAR = 3;

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

/**
 * Streams a result to `sink` as an XLSX workbook and resolves with the number of data rows written
 * once the workbook is complete. Ends the sink (the zip must be closed to be valid). Throws
 * ExportError NO_DATA / QUERY_FAILED before writing anything (see source.ts), STREAM_FAILED midway;
 * a failing sink stops the writer and the source.
 */
export async function writeXlsx(
  prepared: PreparedExport,
  sink: Writable,
  options: XlsxOptions = {},
): Promise<number> {
  const perSheet = Math.min(options.rowsPerSheet ?? XLSX_MAX_DATA_ROWS, XLSX_MAX_DATA_ROWS);
  if (!Number.isInteger(perSheet) || perSheet < 1) throw new Error('rowsPerSheet must be a positive integer');
  const name = options.sheetName ?? 'Sheet1';
  const kinds = prepared.kinds.slice(0, MAX_COLUMNS);
  const width = kinds.length;
  const letters = kinds.map((_, i) => columnLetters(i));
  const headerRow = `<row r="1">${prepared.columns
    .slice(0, width)
    .map((column, i) => headerCellXml(column.name, `${letters[i]}1`))
    .join('')}</row>`;

  const zip = new ZipStream(sink, { level: COMPRESSION_LEVEL });
  const sheetNames: string[] = [];
  let entry: ZipEntryWriter | null = null;
  let inSheet = 0;
  let rows = 0;
  // Rows are encoded straight into a chunk (one UTF-8 write per row), which goes to the deflater
  // whole; a fresh chunk is taken each time, since zlib holds the last one until it has packed it.
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let used = 0;

  const flush = async (): Promise<void> => {
    if (used === 0 || !entry) return;
    const full = chunk.subarray(0, used);
    chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    used = 0;
    await entry.write(full);
  };
  /** Adds XML to the open sheet; resolves at once unless a chunk had to go out. */
  const put = async (xml: string): Promise<void> => {
    if (used + xml.length * MAX_BYTES_PER_CHAR > CHUNK_BYTES) {
      await flush();
      if (xml.length * MAX_BYTES_PER_CHAR > CHUNK_BYTES) {
        await entry?.write(Buffer.from(xml, 'utf8'));
        return;
      }
    }
    used += chunk.write(xml, used, 'utf8');
  };
  const openSheet = async (): Promise<void> => {
    const number = sheetNames.length + 1;
    sheetNames.push(safeSheetName(name, number === 1 ? '' : ` (${number})`));
    entry = await zip.startEntry(sheetPath(number));
    await put(sheetStart(number === 1) + headerRow);
    inSheet = 0;
  };
  const closeSheet = async (): Promise<void> => {
    await put(SHEET_END);
    await flush();
    await entry?.close();
    entry = null;
  };

  try {
    await zip.addFile('_rels/.rels', ROOT_RELS);
    await zip.addFile('xl/styles.xml', STYLES);
    await openSheet();
    for await (const batch of prepared.batches) {
      for (const values of batch) {
        if (inSheet >= perSheet) {
          await closeSheet();
          await openSheet();
        }
        const r = inSheet + 2;
        let row = `<row r="${r}">`;
        for (let i = 0; i < width; i++) row += cellXml(values[i], kinds[i]!, letters[i]! + r);
        row += '</row>';
        // Inline rather than `await put(row)`: an await per row costs a microtask each.
        if (used + row.length * MAX_BYTES_PER_CHAR <= CHUNK_BYTES) used += chunk.write(row, used, 'utf8');
        else await put(row);
        inSheet++;
        rows++;
      }
    }
    await closeSheet();
    await zip.addFile('[Content_Types].xml', contentTypes(sheetNames.length));
    await zip.addFile('xl/_rels/workbook.xml.rels', workbookRels(sheetNames.length));
    // Last, and padded (see parts.ts): readers that walk the archive get every part before its end.
    await zip.addFile('xl/workbook.xml', workbook(sheetNames));
    await zip.finish();
  } catch (error) {
    zip.fail(error instanceof Error ? error : new Error(String(error)));
    throw streamFailed(error);
  }
  return rows;
}
