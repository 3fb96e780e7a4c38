import { describe, expect, it } from 'vitest';
import type { DatabaseConnection, QueryResult, StreamedResult } from '../drivers/driver.ts';
import { databaseError } from '../drivers/errorMapping.ts';
import { Metrics } from '../platform/metrics/metrics.ts';
import { measuredConnection } from './measuredConnection.ts';

const ANSWER: QueryResult = { columns: [{ name: 'one', type: 'INTEGER' }], rows: [[1]] };

/** A driver whose execute answers with the next outcome given, and whose stream fails on its second batch. */
function fakeConnection(outcomes: Array<QueryResult | Error>): DatabaseConnection {
  const fake: Partial<DatabaseConnection> = {
    execute: async () => {
      const next = outcomes.shift();
      if (next instanceof Error) throw next;
      if (!next) throw new Error('no outcome left');
      return next;
    },
    stream: async (): Promise<StreamedResult> => ({
      columns: ANSWER.columns,
      batches: (async function* () {
        yield [[1]];
        throw databaseError('duckdb', 'QUERY_CANCELLED_ERROR', 'stopped');
      })(),
    }),
    session: async (_options, work) => work(fake as DatabaseConnection),
  };
  for (const name of [
    'testConnection',
    'listCatalogs',
    'listSchemas',
    'listTables',
    'tableMetadata',
    'estimateCost',
    'writer',
    'close',
  ] as const) {
    (fake as Record<string, unknown>)[name] = async () => undefined;
  }
  return fake as DatabaseConnection;
}

/** How many queries of database 7 ended in each outcome, read from the histogram's counts. */
async function countsByOutcome(metrics: Metrics): Promise<Record<string, number>> {
  const { values } = await metrics.queryDuration.get();
  const counts: Record<string, number> = {};
  for (const value of values) {
    if (!value.metricName?.endsWith('_count') || value.labels.database_id !== '7') continue;
    counts[String(value.labels.outcome)] = value.value;
  }
  return counts;
}

describe('measuredConnection', () => {
  it('counts each query under the outcome it ended with: success, error, timeout or cancelled', async () => {
    const metrics = new Metrics();
    const connection = measuredConnection(
      fakeConnection([
        ANSWER,
        databaseError('duckdb', 'SQLLAB_TIMEOUT_ERROR', 'too slow'),
        databaseError('duckdb', 'QUERY_CANCELLED_ERROR', 'stopped'),
        databaseError('duckdb', 'GENERIC_DB_ENGINE_ERROR', 'broken'),
        new Error('not a database error'),
      ]),
      7,
      metrics,
    );
    expect(await connection.execute('SELECT 1')).toEqual(ANSWER);
    await expect(connection.execute('SELECT 1')).rejects.toThrow('too slow');
    await expect(connection.execute('SELECT 1')).rejects.toThrow('stopped');
    await expect(connection.execute('SELECT 1')).rejects.toThrow('broken');
    await expect(connection.execute('SELECT 1')).rejects.toThrow('not a database error');
    expect(await countsByOutcome(metrics)).toEqual({ success: 1, timeout: 1, cancelled: 1, error: 2 });
  });

  it('counts a stream when its batches end, by how they ended, also inside a session', async () => {
    const metrics = new Metrics();
    const connection = measuredConnection(fakeConnection([]), 7, metrics);
    const opened = await connection.session({ schema: null }, (session) => session.stream('SELECT 1'));
    // Opening is not the end: nothing is counted before the batches are read.
    expect(await countsByOutcome(metrics)).toEqual({});
    const read: unknown[] = [];
    await expect(
      (async () => {
        for await (const batch of opened.batches) read.push(batch);
      })(),
    ).rejects.toThrow('stopped');
    expect(read).toEqual([[[1]]]);
    expect(await countsByOutcome(metrics)).toEqual({ cancelled: 1 });
  });
});
