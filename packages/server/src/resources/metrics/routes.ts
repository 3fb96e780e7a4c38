import { ErrorBody } from '@vitrina/common/api/shared';
import { Type } from 'typebox';
import { access } from '../../http/access.ts';
import { NotAuthorizedError, NotFoundError } from '../../http/errors.ts';
import type { RouteModule } from '../../http/types.ts';
import { METRICS_CONTENT_TYPE } from '../../platform/metrics/metrics.ts';
import { metricsAccess } from '../../platform/metrics/metricsAccess.ts';

/**
 * `GET /metrics`: the Prometheus text exposition of this process (README, "What to monitor"). Served
 * on the main port only when VITRINA_METRICS_TOKEN is set, to callers that send it as a bearer token;
 * without it the route answers 404, as if absent (a metrics listener may serve it: VITRINA_METRICS_PORT).
 */
export const metricsRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/metrics',
    {
      config: { access: access.public(), bearerIsMetricsToken: true },
      schema: {
        tags: ['Health'],
        response: {
          200: { content: { 'text/plain': { schema: Type.String() } } },
          401: ErrorBody,
          404: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const allowed = metricsAccess(ctx.config.metrics.token, request.headers.authorization);
      if (allowed === 'disabled') throw new NotFoundError();
      if (allowed === 'refused') {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new NotAuthorizedError();
      }
      return reply.type(METRICS_CONTENT_TYPE).send(await ctx.metrics.text());
    },
  );
};
