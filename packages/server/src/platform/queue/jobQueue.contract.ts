import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JsonValue } from '../json.ts';
import type { Job, JobQueue, JobState } from './jobQueue.ts';

const WAIT = { timeout: 10_000, interval: 20 };

/** The behaviour every JobQueue implementation must have. */
export function jobQueueContract(open: () => JobQueue | Promise<JobQueue>): void {
  describe('JobQueue contract', { timeout: 20_000 }, () => {
    let queue: JobQueue;
    // A fresh queue name per test: leftovers of one test never reach another's workers.
    let name: string;
    beforeEach(async () => {
      queue = await open();
      name = `q-${randomUUID()}`;
    });
    afterEach(async () => {
      await queue.close();
    });

    const untilState = (jobId: string, state: JobState) =>
      vi.waitFor(async () => expect(await queue.getState(name, jobId)).toBe(state), WAIT);

    it('runs a job with its payload, name and first attempt, then reports it completed', async () => {
      const seen: Job[] = [];
      queue.process(name, async (job) => {
        seen.push(job);
      });
      const payload = { sql: 'SELECT 1', client_id: 'abc', tags: ['ру', null] };
      const id = await queue.enqueue(name, payload, { name: 'run-query' });
      await untilState(id, 'completed');
      expect(seen).toEqual([{ id, name: 'run-query', payload, attempt: 1, attempts: 1 }]);
    });

    it('keeps jobs enqueued before any worker until one starts', async () => {
      const id = await queue.enqueue(name, 1);
      expect(await queue.getState(name, id)).toBe('waiting');
      const payloads: JsonValue[] = [];
      queue.process(name, async (job) => {
        payloads.push(job.payload);
      });
      await untilState(id, 'completed');
      expect(payloads).toEqual([1]);
    });

    it('retries a failing job until an attempt succeeds', async () => {
      const attempts: number[] = [];
      queue.process(name, async (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} fails`);
      });
      const id = await queue.enqueue(name, 'flaky', { attempts: 3, backoffMs: 10 });
      await untilState(id, 'completed');
      expect(attempts).toEqual([1, 2, 3]);
    });

    it('marks a job failed once its attempts are used up', async () => {
      const attempts: number[] = [];
      queue.process(name, async (job) => {
        attempts.push(job.attempt);
        throw new Error('always fails');
      });
      const id = await queue.enqueue(name, 'broken', { attempts: 2, backoffMs: 10 });
      await untilState(id, 'failed');
      expect(attempts).toEqual([1, 2]);
    });

    it('holds a delayed job back, running jobs enqueued after it first', async () => {
      const order: JsonValue[] = [];
      queue.process(name, async (job) => {
        order.push(job.payload);
      });
      const later = await queue.enqueue(name, 'later', { delayMs: 500 });
      expect(await queue.getState(name, later)).toBe('delayed');
      const now = await queue.enqueue(name, 'now');
      await untilState(later, 'completed');
      expect(await queue.getState(name, now)).toBe('completed');
      expect(order).toEqual(['now', 'later']);
    });

    it('runs up to `concurrency` jobs at once, never more', async () => {
      let running = 0;
      let most = 0;
      let pairSeen: () => void = () => {};
      const pair = new Promise<void>((resolve) => {
        pairSeen = resolve;
      });
      queue.process(
        name,
        async () => {
          running += 1;
          most = Math.max(most, running);
          if (running === 2) pairSeen();
          // Each job waits until two ran together (or gives up), so reaching 2 needs real concurrency.
          await Promise.race([pair, new Promise((resolve) => setTimeout(resolve, 3000))]);
          running -= 1;
        },
        { concurrency: 2 },
      );
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.enqueue(name, n)));
      for (const id of ids) await untilState(id, 'completed');
      expect(most).toBe(2);
    });

    it('adds a job with a known id only once', async () => {
      const first = await queue.enqueue(name, 'a', { jobId: 'report-42' });
      const second = await queue.enqueue(name, 'b', { jobId: 'report-42' });
      expect(second).toBe(first);
      const payloads: JsonValue[] = [];
      queue.process(name, async (job) => {
        payloads.push(job.payload);
      });
      await untilState('report-42', 'completed');
      await queue.enqueue(name, 'c', { jobId: 'report-42' });
      const marker = await queue.enqueue(name, 'marker');
      await untilState(marker, 'completed');
      expect(payloads).toEqual(['a', 'marker']);
    });

    it('stops taking jobs once its worker is closed', async () => {
      const payloads: JsonValue[] = [];
      const worker = queue.process(name, async (job) => {
        payloads.push(job.payload);
      });
      const first = await queue.enqueue(name, 1);
      await untilState(first, 'completed');
      await worker.close();
      const second = await queue.enqueue(name, 2);
      expect(await queue.getState(name, second)).toBe('waiting');
      expect(payloads).toEqual([1]);
    });

    it('answers unknown for an id never enqueued', async () => {
      expect(await queue.getState(name, 'no-such-job')).toBe('unknown');
    });

    it('rejects ids and names that Redis keys cannot carry', async () => {
      await expect(queue.enqueue(name, 1, { jobId: '123' })).rejects.toThrow(RangeError);
      await expect(queue.enqueue(name, 1, { jobId: 'a:b' })).rejects.toThrow(RangeError);
      await expect(queue.enqueue('bad:name', 1)).rejects.toThrow(RangeError);
      await expect(queue.enqueue(name, 1, { attempts: 0 })).rejects.toThrow(RangeError);
    });
  });
}
