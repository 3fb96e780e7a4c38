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

  // getState tells a running job from a stalled one by BullMQ's lock key (`<job key>:lock`), an internal
  // name: if an upgrade renames it, a job a live worker holds would read as stalled, and this fails.
  it('says a job a live worker is running is active, not stalled', async () => {
    const queue = open();
    const name = `q-${randomUUID()}`;
    let finish: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      queue.process(name, async () => {
        resolve();
        await new Promise<void>((done) => {
          finish = done;
        });
      });
    });
    try {
      const id = await queue.enqueue(name, {});
      await started;
      expect(await queue.getState(name, id)).toBe('active');
      finish();
      await vi.waitFor(async () => expect(await queue.getState(name, id)).toBe('completed'), {
        timeout: 10_000,
      });
    } finally {
      finish();
      await queue.close();
    }
  });
});
