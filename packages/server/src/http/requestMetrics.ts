import type { Metrics } from '../platform/metrics/metrics.ts';
import { statusClass } from '../platform/metrics/metrics.ts';
import type { App } from './types.ts';

/**
 * Counts and times every response under its route pattern (`/api/v1/chart/:pk`), never the raw URL,
 * so the label set stays bounded; requests no route matched count as `unmatched`.
 */
export function registerRequestMetrics(app: App, metrics: Metrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequestDuration.observe(
      {
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status_class: statusClass(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
    done();
  });
}
