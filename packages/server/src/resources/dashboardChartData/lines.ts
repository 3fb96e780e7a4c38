import { performance } from 'node:perf_hooks';
import type { DashboardChartDataLine, DashboardChartDataRequestItem } from '@vitrina/common';
import type { FastifyBaseLogger } from 'fastify';
import { encodeAndRecord, subjectOf } from '../../flows/chartData/actionLog.ts';
import { withUserSlot } from '../../flows/chartData/batchLimiter.ts';
import { ChartBatch } from '../../flows/chartData/batchRun.ts';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { joinJsonBytes } from '../../platform/jsonBytes.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';
import { lineQueryContext } from './savedQuery.ts';

/**
 * Each chart of a dashboard's data request → its answer line. A chart is checked as
 * `POST /api/v1/chart/data` checks it (can_read on Chart, then the query context — the caller's or the
 * one built from the saved chart — its dataset access and row-level security in prepareRun), and must be
 * on the dashboard; its failure is its own line only.
 */

export interface ChartLinesInput {
  principal: Principal;
  /** The charts on the dashboard (its dashboard_slices). */
  sliceIds: ReadonlySet<number>;
  /** Their saved form data, for the lines the server builds the query of. */
  savedFormData: ReadonlyMap<number, Record<string, unknown>>;
  charts: readonly DashboardChartDataRequestItem[];
  force: boolean;
  /** Aborted when the client goes away: charts not yet started are skipped. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The dashboard and the page that asked, for the action log. */
  dashboardId?: number;
  referrer?: string | null;
  /** The request's server time so far; from the start of the batch when not given. */
  elapsedMs?: () => number;
}

/** A chart's answer line as it is sent: its JSON (results with their timings, UTF-8), and its status. */
export interface EncodedLine {
  key: string;
  status: number;
  json: Buffer;
}

function encodedLine(line: DashboardChartDataLine): EncodedLine {
  return { key: line.key, status: line.status, json: Buffer.from(JSON.stringify(line), 'utf8') };
}

function errorLine(key: string, error: unknown, log: FastifyBaseLogger): EncodedLine {
  if (error instanceof HttpError) return encodedLine({ key, status: error.statusCode, ...error.body });
  log.error({ err: error }, 'dashboard chart data failed');
  return encodedLine({ key, status: 500, message: 'Fatal error' });
}

async function chartLine(
  ctx: AppContext,
  batch: ChartBatch,
  input: ChartLinesInput,
  chart: DashboardChartDataRequestItem,
  elapsedMs: () => number,
): Promise<EncodedLine> {
  try {
    if (!hasPermission(input.principal, 'can_read', 'Chart')) throw new ForbiddenError();
    if (!input.sliceIds.has(chart.slice_id)) throw new NotFoundError('Chart not found on this dashboard');
    const context = await lineQueryContext(chart, input.savedFormData.get(chart.slice_id), input.force);
    // The batch loads each dataset and the caller's row-level security once for all its charts.
    const run = await batch.prepare(input.principal, context);
    if (run.context.result_format !== 'json') {
      throw new BadRequestError('result_format: a dashboard reads its charts as json');
    }
    const results = await batch.json(run);
    // Each result is encoded once, with its timings (flows/chartData/timings.ts), into the line's bytes.
    const texts = encodeAndRecord(ctx, results, {
      principal: input.principal,
      sliceId: chart.slice_id,
      dashboardId: input.dashboardId ?? null,
      referrer: input.referrer ?? null,
      ...subjectOf(run),
      elapsedMs,
      log: input.log,
    });
    const json = joinJsonBytes(`{"key":${JSON.stringify(chart.key)},"status":200,"result":[`, texts, ']}');
    return { key: chart.key, status: 200, json };
  } catch (error) {
    return errorLine(chart.key, error, input.log);
  }
}

/**
 * Runs every chart within the user's concurrency slots and hands each line to `emit` as soon as it is
 * ready. Resolves when every started chart has answered.
 */
export async function streamChartLines(
  ctx: AppContext,
  input: ChartLinesInput,
  emit: (line: EncodedLine) => void,
): Promise<void> {
  const batch = new ChartBatch(ctx);
  const started = performance.now();
  const elapsedMs = input.elapsedMs ?? (() => performance.now() - started);
  await Promise.all(
    input.charts.map(async (chart) => {
      const line = await withUserSlot(ctx, input.principal.id, async () =>
        input.signal.aborted ? null : chartLine(ctx, batch, input, chart, elapsedMs),
      );
      if (line && !input.signal.aborted) emit(line);
    }),
  );
}
