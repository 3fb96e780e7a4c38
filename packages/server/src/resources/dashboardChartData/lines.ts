import type { DashboardChartDataLine, DashboardChartDataRequestItem } from '@vitrina/common';
import type { FastifyBaseLogger } from 'fastify';
import { withUserSlot } from '../../flows/chartData/batchLimiter.ts';
import { ChartBatch } from '../../flows/chartData/batchRun.ts';
import { BadRequestError, ForbiddenError, HttpError, NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import { hasPermission, type Principal } from '../../security/principal.ts';

/**
 * Each chart of a dashboard's data request → its answer line. A chart is checked as
 * `POST /api/v1/chart/data` checks it (can_read on Chart, then the query context, its dataset access and
 * row-level security in prepareRun), and must be on the dashboard; its failure is its own line only.
 */

export interface ChartLinesInput {
  principal: Principal;
  /** The charts on the dashboard (its dashboard_slices). */
  sliceIds: ReadonlySet<number>;
  charts: readonly DashboardChartDataRequestItem[];
  force: boolean;
  /** Aborted when the client goes away: charts not yet started are skipped. */
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

function errorLine(key: string, error: unknown, log: FastifyBaseLogger): DashboardChartDataLine {
  if (error instanceof HttpError) return { key, status: error.statusCode, ...error.body };
  log.error({ err: error }, 'dashboard chart data failed');
  return { key, status: 500, message: 'Fatal error' };
}

async function chartLine(
  batch: ChartBatch,
  input: ChartLinesInput,
  chart: DashboardChartDataRequestItem,
): Promise<DashboardChartDataLine> {
  try {
    if (!hasPermission(input.principal, 'can_read', 'Chart')) throw new ForbiddenError();
    if (!input.sliceIds.has(chart.slice_id)) throw new NotFoundError('Chart not found on this dashboard');
    const context = input.force ? { ...chart.query_context, force: true } : chart.query_context;
    // The batch loads each dataset and the caller's row-level security once for all its charts.
    const run = await batch.prepare(input.principal, context);
    if (run.context.result_format !== 'json') {
      throw new BadRequestError('result_format: a dashboard reads its charts as json');
    }
    return { key: chart.key, status: 200, result: await batch.json(run) };
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
  emit: (line: DashboardChartDataLine) => void,
): Promise<void> {
  const batch = new ChartBatch(ctx);
  await Promise.all(
    input.charts.map(async (chart) => {
      const line = await withUserSlot(ctx, input.principal.id, async () =>
        input.signal.aborted ? null : chartLine(batch, input, chart),
      );
      if (line && !input.signal.aborted) emit(line);
    }),
  );
}
