import { describe, expect, it } from 'vitest';
import type { DatasourceMeta } from '../types.ts';
import { resultNumberFormatters } from './resultFormats.ts';

const datasource = {
  metrics: [
    { metric_name: 'revenue', verbose_name: 'Revenue', d3format: ',.2f', currency: null },
    { metric_name: 'count', verbose_name: 'Count', d3format: null, currency: null },
  ],
} as unknown as DatasourceMeta;

const result = {
  colnames: ['region', 'revenue', 'count', 'AVG(delay)', 'id'],
  coltypes: [1, 0, 0, 0, 0],
};

describe('resultNumberFormatters', () => {
  it("formats the query's metrics as the charts do and other numbers plainly", () => {
    const adhoc = { expressionType: 'SQL', sqlExpression: 'AVG(delay)', label: 'AVG(delay)' } as const;
    const formats = resultNumberFormatters(result, ['revenue', 'count', adhoc], { datasource, locale: 'en' });
    expect(formats.region).toBeUndefined();
    expect(formats.revenue?.(77077955.13)).toBe('77,077,955.13');
    expect(formats.count?.(1234567)).toBe('1.23M');
    expect(formats['AVG(delay)']?.(12.34567890123)).toBe('12.35');
    expect(formats.id?.(1001)).toBe('1001');
  });

  it("puts the chart's chosen number format first, and a sample's columns are no metrics", () => {
    const chosen = resultNumberFormatters(result, ['revenue'], {
      datasource,
      locale: 'en',
      formData: { y_axis_format: '.3s' },
    });
    expect(chosen.revenue?.(77077955.13)).toBe('77.1M');
    const samples = resultNumberFormatters(result, [], { datasource, locale: 'en' });
    expect(samples.revenue?.(12.34567890123)).toBe('12.3457');
  });
});
