import type { CompiledQuery } from '@vitrina/common';
import type {
  CsvStream,
  CsvStreamOptions,
  JsonRecords,
  QueryOptions,
  QueryResult,
  StreamedResult,
  XlsxRowStream,
  XlsxRowsOptions,
} from '../../drivers/driver.ts';
import type { TableReference } from '../../drivers/parsers/types.ts';
import type { LoadedDatasource } from './datasource.ts';

/**
 * The only way a compiled chart query reaches its database: every piece of user text it pasted and
 * the whole statement pass the engine parser's check first (security/sqlPolicy). Verdicts are cached,
 * so a query that ran before costs a look-up.
 */

interface RunsOn {
  source: LoadedDatasource;
  timeoutMs: number;
}

/** What a dataset's queries may read: a physical dataset its table; a virtual one what its SQL reads. */
export function datasetTables(source: LoadedDatasource): TableReference[] {
  const { dataset } = source;
  if (dataset.sql?.trim()) return [];
  return [{ catalog: dataset.catalog ?? null, schema: dataset.schema ?? null, table: dataset.table_name }];
}

async function checked(run: RunsOn, compiled: CompiledQuery): Promise<QueryOptions> {
  await run.source.sqlPolicy.checkCompiled(compiled, datasetTables(run.source));
  return { params: compiled.params, timeoutMs: run.timeoutMs };
}

/** Counts the driver's time of a run (timings.ts), when the caller keeps timings. */
export interface DriverTimer {
  time<T>(phase: 'database', work: () => Promise<T>): Promise<T>;
}

/** Runs the checked statement; `timer` counts the driver's call alone (not the parser's check). */
export async function executeCompiled(
  run: RunsOn,
  compiled: CompiledQuery,
  timer?: DriverTimer,
): Promise<QueryResult> {
  const options = await checked(run, compiled);
  const execute = () => run.source.connection.execute(compiled.sql, options);
  return timer ? timer.time('database', execute) : execute();
}

/**
 * The checked statement's rows as JSON records written by the engine itself (the `temporal` columns
 * as epoch milliseconds), or null where the engine has no such path or declines this result (the
 * caller then runs executeCompiled).
 */
export async function executeJsonCompiled(
  run: RunsOn,
  compiled: CompiledQuery,
  temporal: (type: string) => boolean,
  timer?: DriverTimer,
): Promise<JsonRecords | null> {
  const { connection } = run.source;
  if (!connection.executeJsonRecords) return null;
  const options = { ...(await checked(run, compiled)), temporal };
  const execute = () => connection.executeJsonRecords?.(compiled.sql, options) ?? Promise.resolve(null);
  return timer ? timer.time('database', execute) : execute();
}

export async function streamCompiled(run: RunsOn, compiled: CompiledQuery): Promise<StreamedResult> {
  return run.source.connection.stream(compiled.sql, await checked(run, compiled));
}

/**
 * The checked statement as CSV rows written by the engine itself, or null where the engine has no
 * such path or declines this result (the caller then streams rows into the JavaScript writer).
 */
export async function streamCsvCompiled(
  run: RunsOn,
  compiled: CompiledQuery,
  rules: Omit<CsvStreamOptions, keyof QueryOptions>,
): Promise<CsvStream | null> {
  const { connection } = run.source;
  if (!connection.streamCsv) return null;
  return connection.streamCsv(compiled.sql, { ...(await checked(run, compiled)), ...rules });
}

/** The checked statement as sheet rows written by the engine itself, or null (as streamCsvCompiled). */
export async function streamXlsxCompiled(
  run: RunsOn,
  compiled: CompiledQuery,
  rules: Omit<XlsxRowsOptions, keyof QueryOptions>,
): Promise<XlsxRowStream | null> {
  const { connection } = run.source;
  if (!connection.streamXlsxRows) return null;
  return connection.streamXlsxRows(compiled.sql, { ...(await checked(run, compiled)), ...rules });
}
