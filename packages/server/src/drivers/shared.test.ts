import { describe, expect, it } from 'vitest';
import { batchStream } from './batchStream.ts';
import { issueCodes } from './errorMapping.ts';
import { DatabaseError } from './errors.ts';
import { ResourcePool } from './pool.ts';
import { QueryGuard } from './queryGuard.ts';
import {
  normalizeBigInt,
  normalizeDecimalText,
  normalizeIntegerText,
  normalizeTimestampText,
  normalizeValue,
  timestampFromEpochMicros,
} from './valueNormalizer.ts';

describe('valueNormalizer', () => {
  it('keeps integers exact', () => {
    expect(normalizeBigInt(42n)).toBe(42);
    expect(normalizeBigInt(9007199254740993n)).toBe('9007199254740993');
    expect(normalizeBigInt(-9007199254740993n)).toBe('-9007199254740993');
  });

  it('answers decimals as numbers, whole ones past 2^53 as exact text', () => {
    expect(normalizeDecimalText('290235938.06')).toBe(290235938.06);
    expect(normalizeDecimalText('-0.50')).toBe(-0.5);
    expect(normalizeDecimalText('1234.00')).toBe(1234);
    expect(normalizeDecimalText('12345678901234567890')).toBe('12345678901234567890');
    expect(normalizeDecimalText('-9007199254740993.000')).toBe('-9007199254740993');
    expect(normalizeDecimalText('NaN')).toBe('NaN');
  });

  it('reads integer and whole decimal text as BigInt would, short ones without it', () => {
    const reference = (digits: string) => normalizeBigInt(BigInt(digits));
    const texts = [
      '0',
      '-0',
      '+7',
      '007',
      '-123456789012345',
      '999999999999999',
      '9007199254740991',
      '9007199254740992',
      '-9007199254740993',
      '0000000000000000000042',
      '+18446744073709551615',
    ];
    for (const text of texts) {
      expect(Object.is(normalizeIntegerText(text), reference(text))).toBe(true);
      expect(Object.is(normalizeDecimalText(`${text}.000`), reference(text))).toBe(true);
    }
    expect(normalizeIntegerText(' 42 ')).toBe(42);
    expect(normalizeIntegerText('4.2')).toBe('4.2');
  });

  it('writes timestamps in one ISO form', () => {
    expect(normalizeTimestampText('2024-03-13 10:37:42')).toBe('2024-03-13T10:37:42');
    expect(normalizeTimestampText('2024-03-13 10:37:42.120000')).toBe('2024-03-13T10:37:42.12');
    expect(normalizeTimestampText('2024-03-13 10:37:42+03')).toBe('2024-03-13T07:37:42Z');
    expect(normalizeTimestampText('2024-03-13 01:00:00.5-05:30')).toBe('2024-03-13T06:30:00.5Z');
    expect(normalizeTimestampText('infinity')).toBe('infinity');
    expect(timestampFromEpochMicros(1710326262123456n, false)).toBe('2024-03-13T10:37:42.123456');
    expect(timestampFromEpochMicros(-1n, true)).toBe('1969-12-31T23:59:59.999999Z');
  });

  it('normalises plain JS values recursively', () => {
    expect(
      normalizeValue([Buffer.from([1, 2]), Number.NaN, 10n, { a: new Date('2024-01-02T03:04:05Z') }]),
    ).toEqual(['AQI=', null, 10, { a: '2024-01-02T03:04:05Z' }]);
  });
});

describe('ResourcePool', () => {
  it('creates at most max resources and queues the rest in order', async () => {
    let created = 0;
    const pool = new ResourcePool({ create: async () => ++created, destroy: async () => undefined }, 2);
    const a = await pool.acquire();
    const b = await pool.acquire();
    const order: number[] = [];
    const c = pool.acquire().then((r) => order.push(r));
    const d = pool.acquire().then((r) => order.push(r));
    expect(pool.waiting).toBe(2);
    pool.release(b);
    pool.release(a);
    await Promise.all([c, d]);
    expect(order).toEqual([b, a]);
    expect(created).toBe(2);
    await pool.close();
  });

  it('lets a waiter leave through its signal and frees a discarded slot', async () => {
    const pool = new ResourcePool({ create: async () => ({}), destroy: async () => undefined }, 1);
    const held = await pool.acquire();
    const controller = new AbortController();
    const waiting = pool.acquire(controller.signal);
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(pool.waiting).toBe(0);
    const next = pool.acquire();
    await pool.discard(held);
    expect(await next).not.toBe(held);
    await pool.close();
    await expect(pool.acquire()).rejects.toThrow('closed');
  });

  it('opens overflow resources when all kept ones are busy and closes them when given back', async () => {
    let created = 0;
    const destroyed: number[] = [];
    const pool = new ResourcePool(
      { create: async () => ++created, destroy: async (r: number) => void destroyed.push(r) },
      3,
      1,
    );
    const held = [await pool.acquire(), await pool.acquire(), await pool.acquire()];
    expect(created).toBe(3);
    // A waiter takes a resource given back before anything is closed.
    const waiting = pool.acquire();
    pool.release(held[0] as number);
    expect(await waiting).toBe(held[0]);
    for (const resource of held) pool.release(resource);
    expect(destroyed).toEqual([held[1], held[2]]);
    expect(pool.size).toBe(1);
    expect(await pool.acquire()).toBe(held[0]);
    await pool.close();
  });
});

describe('QueryGuard', () => {
  it('times out, runs the canceller and reports SQLLAB_TIMEOUT_ERROR', async () => {
    const guard = new QueryGuard('postgresql', 20);
    let cancelled = false;
    let finish: () => void = () => undefined;
    const work = guard.step(
      async () => {
        guard.onStop(() => {
          cancelled = true;
          finish();
        });
        await new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      (e) => e as DatabaseError,
    );
    await expect(work).rejects.toMatchObject({ errorType: 'SQLLAB_TIMEOUT_ERROR' });
    expect(cancelled).toBe(true);
    guard.dispose();
  });

  it('reports QUERY_CANCELLED_ERROR when the caller aborts', async () => {
    const controller = new AbortController();
    const guard = new QueryGuard('mysql', 0, controller.signal);
    const work = guard.step(
      () =>
        new Promise<void>((resolve) => {
          guard.onStop(() => resolve());
        }),
      (e) => e as DatabaseError,
    );
    controller.abort();
    await expect(work).rejects.toBeInstanceOf(DatabaseError);
    await expect(work).rejects.toMatchObject({
      errorType: 'QUERY_CANCELLED_ERROR',
      extra: { engine_name: 'MySQL' },
    });
  });
});

describe('batchStream', () => {
  it('closes once, also when the consumer stops before the first batch', async () => {
    let closed = 0;
    const stream = batchStream({ next: async () => [[1]], close: async () => void closed++ });
    const iterator = stream[Symbol.asyncIterator]();
    await iterator.return?.();
    await iterator.return?.();
    expect(closed).toBe(1);
  });
});

describe('issue codes', () => {
  it('carries Superset texts', () => {
    expect(issueCodes('CONNECTION_INVALID_USERNAME_ERROR')).toEqual([
      {
        code: 1012,
        message: 'Issue 1012 - The username provided when connecting to a database is not valid.',
      },
    ]);
    expect(issueCodes('QUERY_CANCELLED_ERROR')).toEqual([]);
  });
});
