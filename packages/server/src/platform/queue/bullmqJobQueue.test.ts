import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
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

describe('BullmqJobQueue while Redis is down', () => {
  /** Just what the queue reads of its connection before it sends anything: its status and events. */
  function fakeConnection(status: string) {
    const emitter = new EventEmitter() as EventEmitter & { status: string };
    emitter.status = status;
    return emitter;
  }

  it('refuses to enqueue during a reconnection attempt after the connection was lost', async () => {
    const connection = fakeConnection('ready');
    const queue = new BullmqJobQueue({ connection: connection as never, prefix: 'down' });
    connection.emit('close');
    // Between attempts the status is 'reconnecting'; during one it is 'connecting', where a command
    // would wait for Redis forever on BullMQ's connection.
    connection.status = 'connecting';
    await expect(queue.enqueue('q', { n: 1 })).rejects.toMatchObject({
      name: 'StoreUnavailableError',
      store: 'redis',
    });
    connection.status = 'reconnecting';
    await expect(queue.enqueue('q', { n: 1 })).rejects.toMatchObject({ name: 'StoreUnavailableError' });
  });
});
