import { randomUUID } from 'node:crypto';
import type { ResultColumn } from '../../drivers/driver.ts';
import type { AppContext } from '../../http/types.ts';

/**
 * A run's rows in the results store (in-process or Redis), under a random key kept on the query row,
 * so `GET /api/v1/sqllab/results/` can answer them from any server for a day.
 */

/** How long stored results stay fetchable. */
export const RESULTS_TTL_SECONDS = 24 * 60 * 60;

/** What the results store holds for a run: the columns and every row fetched (up to the limit). */
export interface StoredResult {
  columns: ResultColumn[];
  rows: unknown[][];
}

export async function storeResult(ctx: AppContext, result: StoredResult): Promise<string> {
  const key = randomUUID();
  const stored: StoredResult = { columns: result.columns, rows: result.rows };
  await ctx.platform.results.put(key, JSON.stringify(stored), RESULTS_TTL_SECONDS);
  return key;
}
