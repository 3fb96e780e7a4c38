import { PassThrough } from 'node:stream';
import { type AdhocColumn, GENERIC_DATA_TYPE } from '@vitrina/common';
import { exportFileName } from '@vitrina/common/format/exportFileName';
import archiver from 'archiver';
import type { QueryResult, StreamedResult } from '../../drivers/driver.ts';
import { HttpError } from '../../http/errors.ts';
import {
  contentDisposition,
  csvContentType,
  ExportError,
  type ExportSource,
  engineCsvOptions,
  engineXlsxRules,
  headerOnlyExport,
  NO_DATA_MESSAGE,
  type PreparedEngineCsv,
  type PreparedEngineXlsx,
  type PreparedExport,
  prepareEngineCsv,
  prepareEngineXlsx,
  prepareExport,
  writeCsv,
  writeEngineCsv,
  writeEngineXlsx,
  writeXlsx,
  XLSX_CONTENT_TYPE,
  type XlsxOptions,
} from '../export/index.ts';
import { chartDataError } from './errors.ts';
import { streamedExportStatement } from './exportStatement.ts';
import { fromEpochMs, materialize, type Shaped } from './materialize.ts';
import { type ChartQueryPlan, isProcessedType, type PlannedQuery, planChartQueries } from './plan.ts';
import type { ChartDataRun } from './run.ts';
import { executeCompiled, streamCompiled, streamCsvCompiled, streamXlsxCompiled } from './runCompiled.ts';

/**
 * CSV and XLSX of a chart's data (result_format csv|xlsx). Without post-processing or time offsets the
 * rows stream from the driver to the response with bounded memory — a CSV as the engine's own CSV
 * lines where the driver has them (DatabaseConnection.streamCsv), an XLSX's sheets of the engine's own
 * rows where it has those (streamXlsxRows), else through the JavaScript writers; with them the result is read, joined,
 * post-processed and written. Several queries are answered as a zip of one file per query. Nothing is sent before the first rows are read: an empty result or a failing query is a
 * 4xx body (the spec's export failure), never an empty file.
 */

export interface ChartDataFile {
  fileName: string;
  contentType: string;
  disposition: string;
  body: PassThrough;
}

function exportFailure(error: ExportError): HttpError {
  return new HttpError(error.status >= 500 ? 500 : error.status, {
    errors: [
      {
        message: error.message,
        error_type:
          error.errorType ?? (error.code === 'NO_DATA' ? 'GENERIC_COMMAND_ERROR' : 'GENERIC_BACKEND_ERROR'),
        level: 'error',
        extra: { code: error.code },
      },
    ],
  });
}

/** Whether an export failed only because its query returned no row (the 400 exportFailure makes). */
export function isNoDataFailure(error: unknown): boolean {
  if (!(error instanceof HttpError) || !('errors' in error.body)) return false;
  return error.body.errors.some((item) => (item.extra as { code?: unknown } | undefined)?.code === 'NO_DATA');
}

function fileNameOf(run: ChartDataRun, format: 'csv' | 'xlsx', now: Date): string {
  const formData = run.context.form_data ?? {};
  const query = run.context.queries[0];
  const axisGrain = query?.columns.find(
    (column): column is AdhocColumn => typeof column !== 'string' && column.timeGrain !== undefined,
  )?.timeGrain;
  const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
  return exportFileName({
    chartName: text(formData.slice_name) ?? run.source.dataset.table_name,
    vizType: text(formData.viz_type),
    timeGrain: query?.extras.time_grain_sqla ?? axisGrain ?? text(formData.time_grain_sqla),
    timeRange: query?.time_range ?? text(formData.time_range),
    format,
    now,
  });
}

/** Materialized rows (temporal values as epoch ms) back into a driver-like result (ISO text again). */
function asQueryResult(result: QueryResult, shaped: Shaped): QueryResult {
  const typeByName = new Map(result.columns.map((column) => [column.name, column.type]));
  const columns = shaped.colnames.map((name, i) => ({
    name,
    type:
      typeByName.get(name) ??
      (shaped.coltypes[i] === GENERIC_DATA_TYPE.NUMERIC
        ? 'DOUBLE'
        : shaped.coltypes[i] === GENERIC_DATA_TYPE.TEMPORAL
          ? 'TIMESTAMP'
          : 'VARCHAR'),
  }));
  const temporal = shaped.coltypes.map((type) => type === GENERIC_DATA_TYPE.TEMPORAL);
  const rows = shaped.records.map((record) =>
    shaped.colnames.map((name, i) => (temporal[i] ? fromEpochMs(record[name]) : (record[name] ?? null))),
  );
  return { columns, rows };
}

/**
 * One query's rows for an export. A query without post-processing or time offsets streams from the
 * driver; the others are read whole, joined and post-processed as the JSON answer is. `stream: false`
 * reads every query whole (a multi-query zip must not hold one cursor per query at once).
 */
async function exportSource(
  plan: ChartQueryPlan,
  planned: PlannedQuery,
  stream: boolean,
): Promise<ExportSource> {
  const { run } = plan;
  const { query, compiled } = planned;
  const processed = isProcessedType(run.context.result_type);
  if ((processed && (query.post_processing.length > 0 || query.time_offsets.length > 0)) || !stream) {
    const first = await executeCompiled(run, compiled);
    if (!processed || (query.post_processing.length === 0 && query.time_offsets.length === 0)) return first;
    const shaped = await materialize(plan, planned, true, first);
    return asQueryResult(first, shaped);
  }
  const streamed: StreamedResult = await streamCompiled(run, streamedExportStatement(run, planned));
  return streamed;
}

/** Whether the query's rows go to the file as the driver streams them (no post-processing, no offsets). */
function streamsAsIs(run: ChartDataRun, planned: PlannedQuery): boolean {
  const { query } = planned;
  return (
    !isProcessedType(run.context.result_type) ||
    (query.post_processing.length === 0 && query.time_offsets.length === 0)
  );
}

/** The engine's own CSV of a streamed query, or null where the driver has none for this result. */
async function engineCsvSource(run: ChartDataRun, planned: PlannedQuery): Promise<PreparedEngineCsv | null> {
  const rules = engineCsvOptions();
  if (!rules || !streamsAsIs(run, planned)) return null;
  const stream = await streamCsvCompiled(run, streamedExportStatement(run, planned), rules);
  return stream && (await prepareEngineCsv(stream));
}

/** The engine's own sheet rows of a streamed query, or null where the driver has none for this result. */
async function engineXlsxSource(
  run: ChartDataRun,
  planned: PlannedQuery,
  options: XlsxOptions,
): Promise<PreparedEngineXlsx | null> {
  if (!streamsAsIs(run, planned)) return null;
  const rules = engineXlsxRules(options);
  const stream = await streamXlsxCompiled(run, streamedExportStatement(run, planned), rules);
  return stream && (await prepareEngineXlsx(stream, rules));
}

function failure(run: ChartDataRun, error: unknown): unknown {
  if (error instanceof ExportError) {
    const cause = error.cause;
    if (error.code === 'QUERY_FAILED' && cause !== undefined) {
      const mapped = chartDataError(cause, run.timeoutMs);
      if (mapped instanceof HttpError) return mapped;
    }
    return exportFailure(error);
  }
  return chartDataError(error, run.timeoutMs);
}

const EXPORTABLE = ['full', 'results', 'samples', 'drill_detail', 'post_processed'];

/**
 * Runs the query (or queries) of an export; resolves once the first rows are in hand. One query is
 * one CSV or XLSX file; several queries are a zip of one file per query, as Superset answers them.
 */
export async function chartDataFile(run: ChartDataRun, format: 'csv' | 'xlsx'): Promise<ChartDataFile> {
  const { context } = run;
  const now = new Date();
  if (context.queries.length === 0) {
    throw new HttpError(400, { message: 'queries: an export needs at least one query' });
  }
  if (!EXPORTABLE.includes(context.result_type)) {
    throw new HttpError(400, {
      message: `result_type: ${context.result_type} cannot be exported as ${format}`,
    });
  }
  if (context.queries.length > 1) return zipFile(run, format, now);
  const xlsxOptions: XlsxOptions = { sheetName: sheetNameOf(run) };
  let prepared: PreparedExport | PreparedEngineCsv | PreparedEngineXlsx;
  try {
    const plan = planChartQueries(run, now);
    const planned = plan.queries[0] as PlannedQuery;
    prepared =
      (format === 'csv'
        ? await engineCsvSource(run, planned)
        : await engineXlsxSource(run, planned, xlsxOptions)) ??
      (await prepareExport(await exportSource(plan, planned, true), run.source.dialect.columnKind));
  } catch (error) {
    throw failure(run, error);
  }
  const fileName = fileNameOf(run, format, now);
  // A const, so that the closures below keep its narrowed type.
  const rows = prepared;
  const body =
    'rowsPerSheet' in rows
      ? writtenInto((stream) => writeEngineXlsx(rows, stream, xlsxOptions))
      : 'chunks' in rows
        ? writtenInto((stream) => writeEngineCsv(rows, stream).then(() => stream.end()))
        : writeFile(rows, format, xlsxOptions);
  return {
    fileName,
    contentType: format === 'csv' ? csvContentType('utf-8') : XLSX_CONTENT_TYPE,
    disposition: contentDisposition(fileName),
    body,
  };
}

function sheetNameOf(run: ChartDataRun): string {
  return run.source.dataset.table_name;
}

/** Rows through the JavaScript writers into a new stream. */
function writeFile(prepared: PreparedExport, format: 'csv' | 'xlsx', options: XlsxOptions): PassThrough {
  return writtenInto((stream) =>
    format === 'csv'
      ? writeCsv(prepared, stream).then(() => stream.end())
      : writeXlsx(prepared, stream, options),
  );
}

/**
 * A file written into a new stream by `write` (which ends it); a failure half-way destroys the stream
 * (the client sees it cut).
 */
function writtenInto(write: (stream: PassThrough) => Promise<unknown>): PassThrough {
  const body = new PassThrough();
  write(body).catch((error: unknown) =>
    body.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return body;
}

/** `<name>.csv` → `<name>_query_2.csv`: each member named by the export rules, numbered as Superset's query_N. */
function memberName(fileName: string, index: number): string {
  return fileName.replace(/(\.(?:csv|xlsx))$/, `_query_${index + 1}$1`);
}

async function zipFile(run: ChartDataRun, format: 'csv' | 'xlsx', now: Date): Promise<ChartDataFile> {
  const members: PreparedExport[] = [];
  try {
    let anyRows = false;
    const plan = planChartQueries(run, now);
    for (const planned of plan.queries) {
      const source = await exportSource(plan, planned, false);
      const rows = 'rows' in source ? source.rows.length : 0;
      anyRows ||= rows > 0;
      const { columnKind } = run.source.dialect;
      members.push(
        rows > 0 ? await prepareExport(source, columnKind) : headerOnlyExport(source.columns, columnKind),
      );
    }
    if (!anyRows) throw new ExportError('NO_DATA', NO_DATA_MESSAGE);
  } catch (error) {
    throw failure(run, error);
  }
  const fileName = fileNameOf(run, format, now);
  const zipName = fileName.replace(/\.(csv|xlsx)$/, '.zip');
  const body = new PassThrough();
  const archive = archiver('zip', { zlib: { level: 6 } });
  archive.on('error', (error) => body.destroy(error));
  archive.pipe(body);
  members.forEach((prepared, index) => {
    archive.append(writeFile(prepared, format, { sheetName: sheetNameOf(run) }), {
      name: memberName(fileName, index),
    });
  });
  void archive
    .finalize()
    .catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return {
    fileName: zipName,
    contentType: 'application/zip',
    disposition: contentDisposition(zipName),
    body,
  };
}
