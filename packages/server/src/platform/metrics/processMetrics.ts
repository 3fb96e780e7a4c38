import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's default metrics (resident memory, heap, CPU, event loop lag, GC), collected once per
 * process: they describe the process, not an app context, and each collection starts its own monitors.
 */
let registry: Registry | null = null;

export async function processMetricsText(): Promise<string> {
  if (!registry) {
    registry = new Registry();
    collectDefaultMetrics({ register: registry });
  }
  return registry.metrics();
}
