import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { JobQueue } from '../queue/jobQueue.ts';
import { withTimeout } from '../withTimeout.ts';
import { processMetricsText } from './processMetrics.ts';

/** How an engine query ended, for vitrina_query_duration_seconds. */
export type QueryOutcome = 'success' | 'error' | 'timeout' | 'cancelled';

/** A queue's counts may not take longer than this to read during a scrape (Redis may be down). */
const QUEUE_STATS_TIMEOUT_MS = 1000;

/**
 * What one process tells an operator (README, "What to monitor"). Each process (serve, worker,
 * scheduler or all) has one; every part records what it has, and the exposition adds the process's
 * default metrics (memory, CPU, event loop). Labels are bounded sets only: route patterns, never URLs.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'vitrina_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status class (its _count is the request rate)',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly queryDuration = new Histogram({
    name: 'vitrina_query_duration_seconds',
    help: 'Queries run on a database (by its id) by outcome: success, error, timeout or cancelled',
    labelNames: ['database_id', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
    registers: [this.registry],
  });

  readonly chartDataCacheHits = new Counter({
    name: 'vitrina_chart_data_cache_hits_total',
    help: 'Chart data queries answered from the cache',
    registers: [this.registry],
  });

  readonly chartDataCacheMisses = new Counter({
    name: 'vitrina_chart_data_cache_misses_total',
    help: 'Chart data queries that had to run on the database',
    registers: [this.registry],
  });

  readonly eventStreamClients = new Gauge({
    name: 'vitrina_event_stream_clients',
    help: 'Clients connected to the async events websocket (polling clients hold no connection)',
    registers: [this.registry],
  });

  readonly reportRuns = new Counter({
    name: 'vitrina_report_runs_total',
    help: 'Report and alert runs by the state they ended in',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });

  readonly #queueJobs = new Gauge({
    name: 'vitrina_queue_jobs',
    help: 'Jobs in a background queue by state (waiting, delayed, active)',
    labelNames: ['queue', 'state'] as const,
    registers: [this.registry],
  });

  readonly #queueOldest = new Gauge({
    name: 'vitrina_queue_oldest_waiting_seconds',
    help: 'How long the longest-waiting job of a queue has waited (0 when none waits)',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  #queue: { queue: JobQueue; names: readonly string[] } | null = null;

  /** Reads these queues' depth at each scrape (the queue lives in memory or in Redis). */
  watchQueues(queue: JobQueue, names: readonly string[]): void {
    this.#queue = { queue, names };
  }

  /** The Prometheus text exposition: this process's default metrics, then Vitrina's own. */
  async text(): Promise<string> {
    await this.#readQueues();
    return `${await processMetricsText()}\n${await this.registry.metrics()}`;
  }

  async #readQueues(): Promise<void> {
    this.#queueJobs.reset();
    this.#queueOldest.reset();
    if (!this.#queue) return;
    const { queue, names } = this.#queue;
    const now = Date.now();
    await Promise.all(
      names.map(async (name) => {
        // A queue that cannot be read is left out of this scrape rather than failing it.
        const stats = await withTimeout(queue.stats(name), QUEUE_STATS_TIMEOUT_MS, null);
        if (!stats) return;
        for (const state of ['waiting', 'delayed', 'active'] as const) {
          this.#queueJobs.set({ queue: name, state }, stats[state]);
        }
        const waited = stats.oldestWaitingSince === null ? 0 : (now - stats.oldestWaitingSince) / 1000;
        this.#queueOldest.set({ queue: name }, Math.max(0, waited));
      }),
    );
  }
}

/** The content type of `Metrics.text()`. */
export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** The status class label of an HTTP status: 2xx, 3xx, 4xx or 5xx. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}
