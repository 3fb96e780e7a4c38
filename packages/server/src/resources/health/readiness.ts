import type { AppContext } from '../../http/types.ts';
import { withTimeout } from '../../platform/withTimeout.ts';

/** A part that does not answer within this time counts as down (a load balancer waits for us). */
const CHECK_TIMEOUT_MS = 2000;

export type ReadinessPart = 'metastore' | 'redis' | 'queue';

export interface Readiness {
  ready: boolean;
  /** Each part this process depends on: Redis only when configured. */
  checks: Partial<Record<ReadinessPart, 'ok' | 'failed'>>;
}

/** Whether the metastore, Redis (when configured) and the queue answer, checked at the same time. */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const parts: Array<[ReadinessPart, () => Promise<boolean>]> = [
    ['metastore', () => ctx.metastore.ping()],
    ...(ctx.platform.pingRedis
      ? [['redis', ctx.platform.pingRedis] as [ReadinessPart, () => Promise<boolean>]]
      : []),
    ['queue', () => ctx.platform.queue.ping()],
  ];
  const answers = await Promise.all(
    parts.map(([, ping]) => withTimeout(Promise.resolve().then(ping), CHECK_TIMEOUT_MS, false)),
  );
  const checks: Readiness['checks'] = {};
  parts.forEach(([part], index) => {
    checks[part] = answers[index] ? 'ok' : 'failed';
  });
  return { ready: answers.every(Boolean), checks };
}
