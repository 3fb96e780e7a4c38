import { randomUUID } from 'node:crypto';
import type { ResultColumn } from '../../drivers/driver.ts';
import type { AppContext } from '../../http/types.ts';
import type { RunOutcome } from './runner.ts';

/**
 * A run's rows in the results store (in-process or Redis), under a random key kept on the query row,
 * so `GET /api/v1/sqllab/results/` can answer them from any server for a day.
 */

/** How long stored results stay fetchable. */
export const RESULTS_TTL_SECONDS = 24 * 60 * 60;

/** What the results store holds for a run: the columns and every row fetched (up to the limit). */
export type StoredResult = Pick<RunOutcome, 'columns' | 'rows' | 'records' | 'rowCount'>;

/**
 * Two layouts: rows read by the driver as `{"columns":[…],"rows":[[…],…]}`, and records the engine
 * wrote as `{"v":2,"columns":[…],"rowCount":n,"records":[{…},…]}` — the records last and stored as the
 * engine's bytes, so they are found without decoding them (no key or string before them can hold
 * `,"records":` with a bare quote) and never become JavaScript objects on the way in or out.
 */
const RECORDS_FIELD = ',"records":';

export async function storeResult(ctx: AppContext, result: StoredResult): Promise<string> {
  const key = randomUUID();
  const stored = result.records
    ? Buffer.concat([
        Buffer.from(
          `${JSON.stringify({ v: 2, columns: result.columns, rowCount: result.rowCount }).slice(0, -1)}${RECORDS_FIELD}`,
          'utf8',
        ),
        result.records,
        Buffer.from('}'),
      ])
    : JSON.stringify({ columns: result.columns, rows: result.rows });
  await ctx.platform.results.put(key, stored, RESULTS_TTL_SECONDS);
  return key;
}

/** A stored result read back, in either layout. */
export function readStoredResult(bytes: Buffer): StoredResult {
  if (bytes.toString('utf8', 0, 6) === '{"v":2') {
    const at = bytes.indexOf(RECORDS_FIELD);
    const head = JSON.parse(`${bytes.toString('utf8', 0, at)}}`) as {
      columns: ResultColumn[];
      rowCount: number;
    };
    const records = bytes.subarray(at + Buffer.byteLength(RECORDS_FIELD), bytes.length - 1);
    return { columns: head.columns, rows: [], records, rowCount: head.rowCount };
  }
  const stored = JSON.parse(bytes.toString('utf8')) as { columns: ResultColumn[]; rows: unknown[][] };
  return { columns: stored.columns, rows: stored.rows, records: null, rowCount: stored.rows.length };
}
