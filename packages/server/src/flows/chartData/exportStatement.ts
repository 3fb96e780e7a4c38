import { streamedLimitClause } from '../../drivers/streamedLimit.ts';
import type { Compiled, PlannedQuery } from './plan.ts';
import type { ChartDataRun } from './run.ts';

/**
 * The statement a streamed export runs: the planned one, with its row limit spelled as the engine
 * plans best for reading every row (drivers/streamedLimit.ts) where that differs from `LIMIT n`. Only
 * raw records without an order take it (no metrics, no ORDER BY: the compiler orders only by the
 * query's orderby and, grouped, by the first metric), and only when the statement ends with the
 * dialect's own `LIMIT n` (no offset), the last line the compiler writes. Nothing else in the
 * statement changes, its parameters included; it passes the same policy check before it runs.
 */
export function streamedExportStatement(run: ChartDataRun, planned: PlannedQuery): Compiled {
  const { query, compiled } = planned;
  if (query.metrics !== null || query.orderby.length > 0 || query.row_offset > 0 || query.is_rowcount) {
    return compiled;
  }
  const at = compiled.sql.lastIndexOf('\n');
  const last = compiled.sql.slice(at + 1);
  const match = /^LIMIT ([0-9]+)$/.exec(last);
  if (at < 0 || !match) return compiled;
  const limit = Number(match[1]);
  const { dialect } = run.source;
  if (dialect.limitClause(limit) !== last) return compiled;
  const clause = streamedLimitClause(dialect.engine, limit);
  if (clause === null) return compiled;
  return { ...compiled, sql: `${compiled.sql.slice(0, at + 1)}${clause}` };
}
