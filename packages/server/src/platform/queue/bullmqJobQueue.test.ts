import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { useTestRedis } from '../../testing/redis.ts';
import { serviceAvailable } from '../../testing/services.ts';
import type { JsonValue } from '../json.ts';
import { BullmqJobQueue } from './bullmqJobQueue.ts';
import { jobQueueContract } from './jobQueue.contract.ts';

const hasRedis = await serviceAvailable('redis');

describe.skipIf(!hasRedis)('BullmqJobQueue', { timeout: 20_000 }, () => {
  const testRedis = useTestRedis();
  let connection: ReturnType<typeof testRedis.connection> | undefined;
  const open = () => {
    connection ??= testRedis.connection({ maxRetriesPerRequest: null });
    return new BullmqJobQueue({ connection, prefix: `${testRedis.prefix}queue` });
  };
  jobQueueContract(open);

  it('hands a job enqueued by a server process to a worker process', async () => {
    const server = open();
    const worker = new BullmqJobQueue({
      connection: testRedis.connection({ maxRetriesPerRequest: null }),
      prefix: `${testRedis.prefix}queue`,
    });
    const name = `q-${randomUUID()}`;
    try {
      const payloads: JsonValue[] = [];
      worker.process(name, async (job) => {
        payloads.push(job.payload);
      });
      const id = await server.enqueue(name, { chart: 7 });
      await vi.waitFor(async () => expect(await server.getState(name, id)).toBe('completed'), {
        timeout: 10_000,
      });
      expect(payloads).toEqual([{ chart: 7 }]);
    } finally {
      await Promise.all([server.close(), worker.close()]);
    }
  });
});
