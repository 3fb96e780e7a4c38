/**
 * How a streamed export's row limit is spelled for an engine whose planner takes the plain `LIMIT n`
 * worse than the same limit spelled otherwise; null keeps `LIMIT n` as compiled.
 *
 * DuckDB (1.3 on; optimizer/late_materialization.cpp, OptimizeLargeLimit) plans a constant `LIMIT n`
 * with 50 < n ≤ 1,000,000 right over a table scan (only projections between, insertion order kept) as
 * a late materialisation: a scan of row ids, the limit on them, a semi join back to the table and a
 * sort by row id. Every row of the result then comes out of that sort, one pipeline later than the
 * scan: the CSV lines or sheet rows built on them (csvLines.ts, xlsxRows.ts) cost twice what they cost
 * built on the scan (1M rows: 7.2-8.0 s streamed against 3.4-4.1 s, docs/decisions.md). A limit that
 * is no constant, a scalar subquery, is left alone by that optimiser and runs as the streaming limit
 * over the scan: the same rows in the same order. Only a statement without ORDER BY may take it: a
 * constant limit over an order is DuckDB's Top-N, which a subquery would turn into a full sort.
 */
export function streamedLimitClause(engine: string, limit: number): string | null {
  if (engine !== 'duckdb' || !Number.isSafeInteger(limit) || limit < 0) return null;
  return `LIMIT (SELECT ${limit})`;
}
