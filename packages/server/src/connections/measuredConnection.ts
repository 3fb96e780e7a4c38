import type {
  DatabaseConnection,
  DatabaseSession,
  JsonRecords,
  QueryResult,
  StreamedResult,
} from '../drivers/driver.ts';
import { DatabaseError } from '../drivers/errors.ts';
import type { Metrics, QueryOutcome } from '../platform/metrics/metrics.ts';

/**
 * A pool whose queries are timed into vitrina_query_duration_seconds under the database's id: every
 * user query (chart data, SQL Lab, samples, filter values, exports) runs through a registry pool, so
 * this one wrapper sees them all. A streamed query counts until its last batch was read.
 */
export function measuredConnection(
  connection: DatabaseConnection,
  databaseId: number,
  metrics: Metrics,
): DatabaseConnection {
  const measure = timer(databaseId, metrics);
  return {
    ...bindAll(connection),
    execute: (sql, options) => measure.result(() => connection.execute(sql, options)),
    stream: (sql, options) => measure.stream(() => connection.stream(sql, options)),
    ...(connection.streamCsv && {
      // Called on the driver's object: its methods read their own fields.
      streamCsv: (sql, options) =>
        measure.chunked(() =>
          (connection.streamCsv as NonNullable<DatabaseConnection['streamCsv']>).call(
            connection,
            sql,
            options,
          ),
        ),
    }),
    ...(connection.streamXlsxRows && {
      streamXlsxRows: (sql, options) =>
        measure.chunked(() =>
          (connection.streamXlsxRows as NonNullable<DatabaseConnection['streamXlsxRows']>).call(
            connection,
            sql,
            options,
          ),
        ),
    }),
    ...(connection.executeJsonRecords && {
      executeJsonRecords: (sql, options) =>
        measure.result(() =>
          (connection.executeJsonRecords as NonNullable<DatabaseConnection['executeJsonRecords']>).call(
            connection,
            sql,
            options,
          ),
        ),
    }),
    session: (options, work) =>
      connection.session(options, (session) => work(measuredSession(session, measure))),
    // The writer (uploads, CTAS, DML) is the server's own work: timed as well, on the same database.
    writer: () => measuredConnection(connection.writer(), databaseId, metrics),
  };
}

function measuredSession(session: DatabaseSession, measure: Timer): DatabaseSession {
  return {
    ...session,
    execute: (sql, options) => measure.result(() => session.execute(sql, options)),
    stream: (sql, options) => measure.stream(() => session.stream(sql, options)),
    ...(session.streamCsv && {
      streamCsv: (sql, options) =>
        measure.chunked(() =>
          (session.streamCsv as NonNullable<DatabaseSession['streamCsv']>).call(session, sql, options),
        ),
    }),
    ...(session.executeJsonRecords && {
      executeJsonRecords: (sql, options) =>
        measure.result(() =>
          (session.executeJsonRecords as NonNullable<DatabaseSession['executeJsonRecords']>).call(
            session,
            sql,
            options,
          ),
        ),
    }),
    ...(session.appendChunks && { appendChunks: session.appendChunks.bind(session) }),
  };
}

/** The connection's methods bound to it, so a spread copy still calls them on the driver's object. */
function bindAll(connection: DatabaseConnection): DatabaseConnection {
  return {
    execute: connection.execute.bind(connection),
    stream: connection.stream.bind(connection),
    ...(connection.streamCsv && { streamCsv: connection.streamCsv.bind(connection) }),
    ...(connection.streamXlsxRows && { streamXlsxRows: connection.streamXlsxRows.bind(connection) }),
    ...(connection.executeJsonRecords && {
      executeJsonRecords: connection.executeJsonRecords.bind(connection),
    }),
    session: connection.session.bind(connection),
    testConnection: connection.testConnection.bind(connection),
    listCatalogs: connection.listCatalogs.bind(connection),
    listSchemas: connection.listSchemas.bind(connection),
    listTables: connection.listTables.bind(connection),
    tableMetadata: connection.tableMetadata.bind(connection),
    estimateCost: connection.estimateCost.bind(connection),
    writer: connection.writer.bind(connection),
    close: connection.close.bind(connection),
  };
}

type Timer = ReturnType<typeof timer>;

function timer(databaseId: number, metrics: Metrics) {
  const database_id = String(databaseId);
  const record = (started: number, outcome: QueryOutcome) =>
    metrics.queryDuration.observe({ database_id, outcome }, (performance.now() - started) / 1000);

  /** Times the rest of an iterable from `started` to its end, error or early stop. */
  async function* timedRest<T>(items: AsyncIterable<T>, started: number): AsyncIterable<T> {
    let outcome: QueryOutcome = 'success';
    try {
      yield* items;
    } catch (error) {
      outcome = outcomeOf(error);
      throw error;
    } finally {
      record(started, outcome);
    }
  }

  async function opened<T>(open: () => Promise<T>): Promise<{ value: T; started: number }> {
    const started = performance.now();
    try {
      return { value: await open(), started };
    } catch (error) {
      record(started, outcomeOf(error));
      throw error;
    }
  }

  return {
    async result<R extends QueryResult | JsonRecords | null>(run: () => Promise<R>): Promise<R> {
      const { value, started } = await opened(run);
      record(started, 'success');
      return value;
    },
    async stream(open: () => Promise<StreamedResult>): Promise<StreamedResult> {
      const { value, started } = await opened(open);
      return { ...value, batches: timedRest(value.batches, started) };
    },
    /** An engine's own CSV lines or sheet rows. */
    async chunked<S extends { chunks: AsyncIterable<unknown> }>(
      open: () => Promise<S | null>,
    ): Promise<S | null> {
      const { value, started } = await opened(open);
      // null: the engine cannot write these columns; the caller streams the query again instead.
      if (!value) return value;
      return Object.assign({}, value, { chunks: timedRest(value.chunks, started) });
    },
  };
}

function outcomeOf(error: unknown): QueryOutcome {
  if (!(error instanceof DatabaseError)) return 'error';
  if (error.errorType === 'QUERY_CANCELLED_ERROR') return 'cancelled';
  if (error.errorType === 'SQLLAB_TIMEOUT_ERROR') return 'timeout';
  return 'error';
}
