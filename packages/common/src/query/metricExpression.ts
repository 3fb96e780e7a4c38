/**
 * The metric expression pattern of B §5 (Superset's auto-generated metric regex): an optional LONG,
 * DOUBLE or FLOAT prefix, an aggregate (SUM, AVG, MAX, MIN, COUNT) and a bracketed name, e.g.
 * `SUM(revenue)` or `DOUBLESUM("price")`.
 */
export const METRIC_EXPRESSION_PATTERN = /^(LONG|DOUBLE|FLOAT)?(SUM|AVG|MAX|MIN|COUNT)\(([A-Z0-9_."]*)\)$/i;

export type MetricExpressionAggregate = 'SUM' | 'AVG' | 'MAX' | 'MIN' | 'COUNT';

export interface MetricExpressionParts {
  aggregate: MetricExpressionAggregate;
  /** The bracketed name without quotes; empty for `COUNT()`. */
  column: string;
}

export function isMetricExpression(text: string): boolean {
  return METRIC_EXPRESSION_PATTERN.test(text.trim());
}

/** The aggregate and column of an expression that matches the pattern, or null. */
export function parseMetricExpression(text: string): MetricExpressionParts | null {
  const match = METRIC_EXPRESSION_PATTERN.exec(text.trim());
  if (!match) return null;
  return {
    aggregate: (match[2] ?? '').toUpperCase() as MetricExpressionAggregate,
    column: (match[3] ?? '').replaceAll('"', ''),
  };
}
