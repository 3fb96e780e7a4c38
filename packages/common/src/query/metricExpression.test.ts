import { describe, expect, it } from 'vitest';
import { isMetricExpression, parseMetricExpression } from './metricExpression.ts';

describe('metric expression pattern', () => {
  it('accepts an aggregate of a bracketed name with an optional type prefix', () => {
    for (const text of [
      'SUM(revenue)',
      'avg(price)',
      'LONGSUM(num)',
      'DOUBLEMAX("a.b")',
      'FLOATMIN(x_1)',
      'COUNT()',
    ])
      expect(isMetricExpression(text)).toBe(true);
  });

  it('refuses other aggregates, prefixes and expressions', () => {
    for (const text of ['COUNT_DISTINCT(x)', 'INTSUM(x)', 'SUM(a + b)', 'SUM(x) / 2', 'revenue', 'SUM x'])
      expect(isMetricExpression(text)).toBe(false);
  });

  it('parses the aggregate and the name without quotes', () => {
    expect(parseMetricExpression(' doublesum("num") ')).toEqual({ aggregate: 'SUM', column: 'num' });
    expect(parseMetricExpression('MAX(price)')).toEqual({ aggregate: 'MAX', column: 'price' });
    expect(parseMetricExpression('SUM(a + b)')).toBeNull();
  });
});
