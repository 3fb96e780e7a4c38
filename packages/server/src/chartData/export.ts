import { PassThrough } from 'node:stream';
import { type AdhocColumn, GENERIC_DATA_TYPE } from '@vitrina/common';
import { exportFileName } from '@vitrina/common/format/exportFileName';
import type { QueryResult, StreamedResult } from '../drivers/driver.ts';
import {
  contentDisposition,
  csvContentType,
  ExportError,
  type ExportSource,
  prepareExport,
  writeCsv,
  writeXlsx,
  XLSX_CONTENT_TYPE,
} from '../export/index.ts';
import { HttpError } from '../http/errors.ts';
import { chartDataError } from './errors.ts';
import { type ChartDataRun, compile, effectiveQuery, fromEpochMs, shapeResult } from './service.ts';

/**
 * CSV and XLSX of a chart's data (result_format csv|xlsx). Without post-processing the rows stream
 * from the driver to the response with bounded memory; with it the result is read, post-processed and
 * written. Nothing is sent before the first rows are read: an empty result or a failing query is a
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

/** Post-processed rows back into a driver-like result (temporal columns as ISO text again). */
function processedResult(run: ChartDataRun, result: QueryResult): QueryResult {
  const query = effectiveQuery(run, run.context.queries[0] as never);
  const shaped = shapeResult(run, query, result, true);
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

/** Runs the (single) query for an export; resolves once the first rows are in hand. */
export async function chartDataFile(run: ChartDataRun, format: 'csv' | 'xlsx'): Promise<ChartDataFile> {
  const { context, source } = run;
  const now = new Date();
  if (context.queries.length !== 1) {
    throw new HttpError(400, { message: 'queries: a CSV or XLSX export takes exactly one query' });
  }
  if (!['full', 'results', 'samples', 'drill_detail', 'post_processed'].includes(context.result_type)) {
    throw new HttpError(400, {
      message: `result_type: ${context.result_type} cannot be exported as ${format}`,
    });
  }
  let prepared: Awaited<ReturnType<typeof prepareExport>>;
  try {
    const raw = context.queries[0] as NonNullable<(typeof context.queries)[0]>;
    const query = effectiveQuery(run, raw);
    const compiled = compile(run, query, now);
    const options = { params: compiled.params, timeoutMs: run.timeoutMs };
    let exportSource: ExportSource;
    if (query.post_processing.length > 0) {
      exportSource = processedResult(run, await source.connection.execute(compiled.sql, options));
    } else {
      const streamed: StreamedResult = await source.connection.stream(compiled.sql, options);
      exportSource = streamed;
    }
    prepared = await prepareExport(exportSource);
  } catch (error) {
    if (error instanceof ExportError) {
      const cause = error.cause;
      if (error.code === 'QUERY_FAILED' && cause !== undefined) {
        const mapped = chartDataError(cause, run.timeoutMs);
        if (mapped instanceof HttpError) throw mapped;
      }
      throw exportFailure(error);
    }
    throw chartDataError(error, run.timeoutMs);
  }
  const fileName = fileNameOf(run, format, now);
  const body = new PassThrough();
  const write =
    format === 'csv'
      ? writeCsv(prepared, body).then(() => body.end())
      : writeXlsx(prepared, body, { sheetName: source.dataset.table_name });
  write.catch((error: unknown) => body.destroy(error instanceof Error ? error : new Error(String(error))));
  return {
    fileName,
    contentType: format === 'csv' ? csvContentType('utf-8') : XLSX_CONTENT_TYPE,
    disposition: contentDisposition(fileName),
    body,
  };
}
