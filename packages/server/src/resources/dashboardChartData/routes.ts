import { PassThrough } from 'node:stream';
import { DASHBOARD_CHART_DATA_CONTENT_TYPE } from '@vitrina/common';
import { DashboardIdOrSlugParams as IdOrSlugParams } from '@vitrina/common/api/dashboard';
import {
  DashboardChartDataLineSchema,
  DashboardChartDataRequestSchema,
} from '@vitrina/common/api/dashboardData';
import { referrerOf } from '../../flows/chartData/actionLog.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { principalOf } from '../chartData/schemas.ts';
import { streamChartLines } from './lines.ts';
import { NDJSON_DESCRIPTION } from './schemas.ts';
import { chartsOfRequestedDashboard } from './service.ts';

/**
 * A dashboard's data in one request (DESIGN §7, decisions 'A dashboard's data comes in one streamed
 * request'): the dashboard must be visible to the caller; each chart then runs the chart data flow and
 * its line is written as soon as it is ready.
 */
const NEWLINE = Buffer.from('\n');

export const dashboardChartDataRoutes: RouteModule = (app, ctx) => {
  app.post(
    '/api/v1/dashboard/:id_or_slug/chart_data',
    {
      config: { access: access.can('can_read', 'Dashboard'), readOnlyPost: true },
      // Compression would hold lines back until its buffer fills; the lines must go out as they come.
      compress: false,
      schema: {
        tags: ['Dashboards'],
        summary: "Every visible chart's data of a dashboard, streamed as newline-delimited JSON",
        description: NDJSON_DESCRIPTION,
        params: IdOrSlugParams,
        body: DashboardChartDataRequestSchema,
        response: {
          200: {
            description: NDJSON_DESCRIPTION,
            content: { [DASHBOARD_CHART_DATA_CONTENT_TYPE]: { schema: DashboardChartDataLineSchema } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const { charts, force = false } = request.body;
      const dashboard = await chartsOfRequestedDashboard(ctx, principal, request.params.id_or_slug, charts);

      const stream = new PassThrough();
      const aborted = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) aborted.abort();
      });
      const input = {
        principal,
        sliceIds: dashboard.sliceIds,
        savedFormData: dashboard.savedFormData,
        charts,
        force,
        signal: aborted.signal,
        log: request.log,
        dashboardId: dashboard.id,
        referrer: referrerOf(request.headers),
        elapsedMs: () => reply.elapsedTime,
      };
      // After a disconnect the stream is destroyed: nothing more is written to it.
      const write = (line: Buffer) => {
        if (stream.destroyed) return;
        stream.write(line);
        stream.write(NEWLINE);
      };
      streamChartLines(ctx, input, (line) => write(line.json))
        .catch((error: unknown) => request.log.error({ err: error }, 'dashboard chart data stream failed'))
        .finally(() => {
          if (!stream.destroyed) stream.end();
        });
      return (
        reply
          .header('content-type', DASHBOARD_CHART_DATA_CONTENT_TYPE)
          .header('cache-control', 'no-store')
          // Proxies (nginx) buffer responses unless told not to.
          .header('x-accel-buffering', 'no')
          .send(stream as never)
      );
    },
  );
};
