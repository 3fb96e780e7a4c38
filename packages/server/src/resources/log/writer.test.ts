import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LogEntry } from '../../http/eventLog.ts';
import type { MetastoreSchema, NewLogRow } from '../../platform/metastore/schema.ts';
import { createEventLogWriter, logRow } from './writer.ts';

/** A metastore that keeps each insert's rows, or fails or hangs when told to. */
function fakeDb() {
  const inserts: NewLogRow[][] = [];
  const state = { fail: false, hang: null as Promise<void> | null };
  const db = {
    insertInto: (table: string) => {
      expect(table).toBe('logs');
      return {
        values: (rows: NewLogRow[]) => ({
          execute: async () => {
            if (state.hang) await state.hang;
            if (state.fail) throw new Error('metastore down');
            inserts.push(rows);
            return [];
          },
        }),
      };
    },
  } as unknown as Kysely<MetastoreSchema>;
  return { db, inserts, state };
}

const entry = (n: number, extra: Partial<LogEntry> = {}): LogEntry => ({
  action: 'log',
  userId: 1,
  dashboardId: null,
  sliceId: null,
  durationMs: null,
  referrer: null,
  details: { n },
  ...extra,
});

const quietLog = () => ({ warn: vi.fn(), error: vi.fn() });

describe('the action log writer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes nothing while recording, then everything queued in one insert after a second', async () => {
    const { db, inserts } = fakeDb();
    const writer = createEventLogWriter(db, { log: quietLog() });
    writer.record(entry(1));
    writer.record([entry(2), entry(3)]);
    expect(inserts).toEqual([]);
    await vi.advanceTimersByTimeAsync(999);
    expect(inserts).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(inserts).toHaveLength(1);
    expect(inserts[0]!.map((row) => JSON.parse(row.json).n)).toEqual([1, 2, 3]);
    expect(writer.queued).toBe(0);
  });

  it('writes at once when a batch is full, in batches of 200', async () => {
    const { db, inserts } = fakeDb();
    const writer = createEventLogWriter(db, { log: quietLog() });
    writer.record(Array.from({ length: 450 }, (_, n) => entry(n)));
    await vi.advanceTimersByTimeAsync(0);
    expect(inserts.map((batch) => batch.length)).toEqual([200, 200, 50]);
  });

  it('logs a failed write and drops its batch, never throwing to the caller', async () => {
    const { db, inserts, state } = fakeDb();
    const log = quietLog();
    const writer = createEventLogWriter(db, { log });
    state.fail = true;
    writer.record(entry(1));
    await expect(writer.flush()).resolves.toBeUndefined();
    expect(log.error).toHaveBeenCalledWith(expect.stringContaining('metastore down'));
    expect(writer.dropped).toBe(1);
    state.fail = false;
    writer.record(entry(2));
    await writer.flush();
    expect(inserts.flat().map((row) => JSON.parse(row.json).n)).toEqual([2]);
  });

  it('keeps only the newest entries while the metastore is stuck, and says how many it dropped', async () => {
    const { db, inserts, state } = fakeDb();
    const log = quietLog();
    let release = () => {};
    state.hang = new Promise((resolve) => {
      release = resolve;
    });
    const writer = createEventLogWriter(db, { log, batchSize: 10, maxQueued: 100 });
    writer.record(Array.from({ length: 10 }, (_, n) => entry(n)));
    await vi.advanceTimersByTimeAsync(0);
    // The first batch is on its way and hangs; what comes next waits in the bounded queue.
    for (let n = 10; n < 1010; n++) writer.record(entry(n));
    expect(writer.queued).toBe(100);
    expect(writer.dropped).toBe(900);
    state.hang = null;
    release();
    await writer.flush();
    const written = inserts.flat().map((row) => JSON.parse(row.json).n);
    expect(written).toHaveLength(110);
    expect(written.slice(10)).toEqual(Array.from({ length: 100 }, (_, n) => 910 + n));
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('dropped 900 entries'));
  });

  it('writes what is queued when closed, and what comes after without waiting', async () => {
    const { db, inserts } = fakeDb();
    const writer = createEventLogWriter(db, { log: quietLog() });
    writer.record(entry(1));
    await writer.close();
    expect(inserts.flat()).toHaveLength(1);
    writer.record(entry(2));
    await writer.flush();
    expect(inserts.flat()).toHaveLength(2);
  });

  it('reports a record it cannot serialise instead of throwing', () => {
    const { db } = fakeDb();
    const log = quietLog();
    const writer = createEventLogWriter(db, { log });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(() => writer.record(entry(1, { details: cyclic }))).not.toThrow();
    expect(log.error).toHaveBeenCalled();
    expect(writer.dropped).toBe(1);
  });
});

describe('a log row', () => {
  it('keeps ids and durations that fit the columns, and cuts the referrer to 1000 characters', () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    expect(
      logRow(
        entry(1, { dashboardId: 7, sliceId: 2 ** 40, durationMs: 12.6, referrer: 'x'.repeat(2000) }),
        now,
      ),
    ).toEqual({
      action: 'log',
      user_id: 1,
      dashboard_id: 7,
      slice_id: null,
      json: '{"n":1}',
      dttm: '2026-01-02T03:04:05.678Z',
      duration_ms: 13,
      referrer: 'x'.repeat(1000),
    });
  });
});
