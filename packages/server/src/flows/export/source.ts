import type { ColumnKind, SqlDialect } from '@vitrina/common/sql/dialect';
import type { QueryResult, ResultColumn, StreamedResult } from '../../drivers/driver.ts';
import { ExportError, NO_DATA_MESSAGE, upstreamError } from './errors.ts';

/**
 * A result whose first rows have already been read: an export that got one is known to have data,
 * so the route can send its 200 headers. Made by `prepareExport`, accepted by every writer.
 */
export interface PreparedExport {
  readonly prepared: true;
  readonly columns: ResultColumn[];
  /** What each column's values are, from the dialect of the engine that produced them. */
  readonly kinds: ColumnKind[];
  /** The remaining batches, starting with the one already read. Iterate once. */
  readonly batches: AsyncIterable<unknown[][]>;
}

export type ExportSource = StreamedResult | QueryResult | PreparedExport;

function isPrepared(source: ExportSource): source is PreparedExport {
  return 'prepared' in source && source.prepared === true;
}

/** An export of no rows: the file gets its header only (an empty query of several, or an empty SQL Lab result). */
export function headerOnlyExport(
  columns: ResultColumn[],
  columnKind: SqlDialect['columnKind'],
): PreparedExport {
  return {
    prepared: true,
    columns,
    kinds: columns.map((column) => columnKind(column.type)),
    batches: (async function* () {})(),
  };
}

/**
 * Reads until the first non-empty batch. Throws `ExportError('NO_DATA', 'No data to export')` when
 * the result has no rows and `ExportError('QUERY_FAILED', <the database's message>)` when the source
 * fails first — before anything is written, so the route answers 4xx with the reason instead of an
 * empty file. Idempotent: a prepared export is returned as it is.
 */
export async function prepareExport(
  source: ExportSource,
  columnKind: SqlDialect['columnKind'],
): Promise<PreparedExport> {
  if (isPrepared(source)) return source;
  const kinds = source.columns.map((column) => columnKind(column.type));
  if ('rows' in source) {
    if (source.rows.length === 0) throw new ExportError('NO_DATA', NO_DATA_MESSAGE);
    const rows = source.rows;
    return {
      prepared: true,
      columns: source.columns,
      kinds,
      batches: (async function* () {
        yield rows;
      })(),
    };
  }
  return { prepared: true, columns: source.columns, kinds, batches: await fromFirstNonEmpty(source.batches) };
}

/**
 * Reads until the first non-empty item, so that NO_DATA (an empty result) and QUERY_FAILED (a query
 * failing first) are known before anything is written; answers every item from that one on.
 */
export async function fromFirstNonEmpty<T extends { length: number }>(
  items: AsyncIterable<T>,
): Promise<AsyncIterable<T>> {
  const iterator = items[Symbol.asyncIterator]();
  let first: T | undefined;
  try {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      if (next.value.length > 0) {
        first = next.value;
        break;
      }
    }
  } catch (error) {
    throw upstreamError(error);
  }
  if (first === undefined) throw new ExportError('NO_DATA', NO_DATA_MESSAGE);
  const head = first;
  return (async function* () {
    yield head;
    try {
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value;
      }
    } finally {
      // Stop the driver's cursor when the consumer gives up early (sink error, client gone).
      await iterator.return?.();
    }
  })();
}
