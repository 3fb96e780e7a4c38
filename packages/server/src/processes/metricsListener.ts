import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from '../platform/metrics/metrics.ts';
import { METRICS_CONTENT_TYPE } from '../platform/metrics/metrics.ts';
import { metricsAccess } from '../platform/metrics/metricsAccess.ts';

export interface MetricsListener {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  stop(): Promise<void>;
}

/**
 * A metrics-only HTTP listener (VITRINA_METRICS_PORT): how a worker or scheduler, which serve no HTTP,
 * exposes `GET /metrics` and `GET /health/live`. It binds to VITRINA_METRICS_HOST (127.0.0.1 unless
 * the operator widens it) and asks for VITRINA_METRICS_TOKEN when one is set.
 */
export async function startMetricsListener(
  metrics: Metrics,
  options: { host: string; port: number; token: string | null },
): Promise<MetricsListener> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || (path !== '/metrics' && path !== '/health/live')) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    if (path === '/health/live') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"OK"}');
      return;
    }
    if (options.token !== null && metricsAccess(options.token, request.headers.authorization) !== 'allowed') {
      response
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
        .end('Not authorized\n');
      return;
    }
    metrics.text().then(
      (text) => response.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics unavailable\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
