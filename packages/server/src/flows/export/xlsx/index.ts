import type { Writable } from 'node:stream';
import type {
  QueryOptions,
  ResultColumn,
  XlsxRowChunk,
  XlsxRowStream,
  XlsxRowsOptions,
} from '../../../drivers/driver.ts';
import { streamFailed } from '../errors.ts';
import { fromFirstNonEmpty, type PreparedExport } from '../source.ts';
import {
  cellXml,
  columnLetters,
  headerCellXml,
  MAX_CELL_TEXT,
  STYLE_DATE,
  STYLE_DATE_TIME,
} from './cells.ts';
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
 * Where the engine writes the rows itself (DuckDB: drivers/xlsxRows.ts) writeEngineXlsx puts its bytes
 * into the same workbook.
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
 * The parts every workbook shares (relationships, styles, the workbook with its sheet names) around
 * sheets that rows are put into, moving to a new sheet with the header row again after `perSheet`
 * data rows. The JavaScript writer (writeXlsx) puts each row's XML, the engine's (writeEngineXlsx) runs
 * of rows the database wrote.
 */
class Workbook {
  readonly perSheet: number;
  /** Data rows in the open sheet, and in the workbook. */
  inSheet = 0;
  rows = 0;
  private readonly zip: ZipStream;
  private readonly name: string;
  private readonly headerRow: string;
  private readonly sheetNames: string[] = [];
  private entry: ZipEntryWriter | null = null;
  // Rows are encoded straight into a chunk (one UTF-8 write per row), which goes to the deflater
  // whole; a fresh chunk is taken each time, since zlib holds the last one until it has packed it.
  private chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;

  constructor(columns: ResultColumn[], sink: Writable, options: XlsxOptions) {
    this.perSheet = sheetRows(options);
    this.name = options.sheetName ?? 'Sheet1';
    this.headerRow = `<row r="1">${columns
      .slice(0, MAX_COLUMNS)
      .map((column, i) => headerCellXml(column.name, `${columnLetters(i)}1`))
      .join('')}</row>`;
    this.zip = new ZipStream(sink, { level: COMPRESSION_LEVEL });
  }

  async start(): Promise<void> {
    await this.zip.addFile('_rels/.rels', ROOT_RELS);
    await this.zip.addFile('xl/styles.xml', STYLES);
    await this.openSheet();
  }

  private async flush(): Promise<void> {
    if (this.used === 0 || !this.entry) return;
    const full = this.chunk.subarray(0, this.used);
    this.chunk = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
    await this.entry.write(full);
  }

  /** Adds XML to the open sheet; resolves at once unless a chunk had to go out. */
  private async put(xml: string): Promise<void> {
    if (this.used + xml.length * MAX_BYTES_PER_CHAR > CHUNK_BYTES) {
      await this.flush();
      if (xml.length * MAX_BYTES_PER_CHAR > CHUNK_BYTES) {
        await this.entry?.write(Buffer.from(xml, 'utf8'));
        return;
      }
    }
    this.used += this.chunk.write(xml, this.used, 'utf8');
  }

  /**
   * Adds one data row's XML (its row number is `inSheet + 2`, after nextSheetIfFull). Null when it
   * went into the chunk at once: an await per row costs a microtask each.
   */
  putRow(row: string): Promise<void> | null {
    this.inSheet++;
    this.rows++;
    if (this.used + row.length * MAX_BYTES_PER_CHAR <= CHUNK_BYTES) {
      this.used += this.chunk.write(row, this.used, 'utf8');
      return null;
    }
    return this.put(row);
  }

  /** Adds `count` data rows already encoded; they must fit in the open sheet. */
  async putRows(bytes: Buffer, count: number): Promise<void> {
    this.inSheet += count;
    this.rows += count;
    if (this.used + bytes.length <= CHUNK_BYTES) {
      this.used += bytes.copy(this.chunk, this.used);
      return;
    }
    await this.flush();
    // The engine's buffers are its own: zlib may hold them until it has packed them.
    await this.entry?.write(bytes);
  }

  /** Closes a full sheet and opens the next; resolves at once while the sheet has room. */
  async nextSheetIfFull(): Promise<void> {
    if (this.inSheet < this.perSheet) return;
    await this.closeSheet();
    await this.openSheet();
  }

  private async openSheet(): Promise<void> {
    const number = this.sheetNames.length + 1;
    this.sheetNames.push(safeSheetName(this.name, number === 1 ? '' : ` (${number})`));
    this.entry = await this.zip.startEntry(sheetPath(number));
    await this.put(sheetStart(number === 1) + this.headerRow);
    this.inSheet = 0;
  }

  private async closeSheet(): Promise<void> {
    await this.put(SHEET_END);
    await this.flush();
    await this.entry?.close();
    this.entry = null;
  }

  async finish(): Promise<void> {
    await this.closeSheet();
    const count = this.sheetNames.length;
    await this.zip.addFile('[Content_Types].xml', contentTypes(count));
    await this.zip.addFile('xl/_rels/workbook.xml.rels', workbookRels(count));
    // Last, and padded (see parts.ts): readers that walk the archive get every part before its end.
    await this.zip.addFile('xl/workbook.xml', workbook(this.sheetNames));
    await this.zip.finish();
  }

  fail(error: unknown): void {
    this.zip.fail(error instanceof Error ? error : new Error(String(error)));
  }
}

function sheetRows(options: XlsxOptions): number {
  const perSheet = Math.min(options.rowsPerSheet ?? XLSX_MAX_DATA_ROWS, XLSX_MAX_DATA_ROWS);
  if (!Number.isInteger(perSheet) || perSheet < 1) throw new Error('rowsPerSheet must be a positive integer');
  return perSheet;
}

/** Writes the workbook around `fill`; STREAM_FAILED when anything fails midway (the sink is failed too). */
async function writeWorkbook(
  columns: ResultColumn[],
  sink: Writable,
  options: XlsxOptions,
  fill: (book: Workbook) => Promise<void>,
): Promise<number> {
  const book = new Workbook(columns, sink, options);
  try {
    await book.start();
    await fill(book);
    await book.finish();
  } catch (error) {
    book.fail(error);
    throw streamFailed(error);
  }
  return book.rows;
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
  const kinds = prepared.kinds.slice(0, MAX_COLUMNS);
  const width = kinds.length;
  const letters = kinds.map((_, i) => columnLetters(i));
  return writeWorkbook(prepared.columns, sink, options, async (book) => {
    for await (const batch of prepared.batches) {
      for (const values of batch) {
        await book.nextSheetIfFull();
        const r = book.inSheet + 2;
        let row = `<row r="${r}">`;
        for (let i = 0; i < width; i++) row += cellXml(values[i], kinds[i]!, letters[i]! + r);
        row += '</row>';
        const pending = book.putRow(row);
        if (pending) await pending;
      }
    }
  });
}

/**
 * The options of an engine's own sheet rows (DatabaseConnection.streamXlsxRows) for these writer
 * options: the sheet size, and the rules of cells.ts the engine follows.
 */
export function engineXlsxRules(options: XlsxOptions = {}): EngineXlsxRules {
  return {
    rowsPerSheet: sheetRows(options),
    maxColumns: MAX_COLUMNS,
    maxCellText: MAX_CELL_TEXT,
    dateStyle: STYLE_DATE,
    dateTimeStyle: STYLE_DATE_TIME,
    columnLetters,
  };
}

export type EngineXlsxRules = Omit<XlsxRowsOptions, keyof QueryOptions>;

/** An engine's sheet rows whose first rows have been read (see prepareEngineXlsx). */
export interface PreparedEngineXlsx {
  readonly columns: ResultColumn[];
  /** The sheet size the rows were numbered for. */
  readonly rowsPerSheet: number;
  /** The remaining chunks, starting with the one already read. Iterate once. */
  readonly chunks: AsyncIterable<XlsxRowChunk>;
}

/** NO_DATA when the result is empty, QUERY_FAILED when the query fails first — before anything is written. */
export async function prepareEngineXlsx(
  stream: XlsxRowStream,
  rules: EngineXlsxRules,
): Promise<PreparedEngineXlsx> {
  return {
    columns: stream.columns,
    rowsPerSheet: rules.rowsPerSheet,
    chunks: await fromFirstNonEmpty(stream.chunks),
  };
}

/**
 * writeXlsx for rows the engine wrote: the same workbook, sheets and header, the engine's rows cut
 * into sheets at the row ends it reported. `options` must give the sheet size the rows were numbered
 * for (engineXlsxRules of the same options).
 */
export async function writeEngineXlsx(
  prepared: PreparedEngineXlsx,
  sink: Writable,
  options: XlsxOptions = {},
): Promise<number> {
  if (sheetRows(options) !== prepared.rowsPerSheet) {
    throw new Error('The engine numbered its rows for another sheet size');
  }
  return writeWorkbook(prepared.columns, sink, options, async (book) => {
    for await (const { bytes, ends, length } of prepared.chunks) {
      let row = 0;
      let start = 0;
      while (row < length) {
        await book.nextSheetIfFull();
        const take = Math.min(length - row, book.perSheet - book.inSheet);
        const end = ends[row + take - 1]!;
        await book.putRows(bytes.subarray(start, end), take);
        row += take;
        start = end;
      }
    }
  });
}
