import { describe, expect, it } from 'vitest';
import type { FormData } from '../types.ts';
import { currencyOf, dateFormatter, metricDisplayName, metricFormatter, percentFormatter } from './format.ts';
import { testDatasource } from './testing.ts';

const formData = (extra: Record<string, unknown> = {}) =>
  ({ datasource: '1__table', viz_type: 'pie', ...extra }) as FormData;

describe('chart formatters', () => {
  it("prefers the chart's number format and currency over the saved metric's", () => {
    const props = { datasource: testDatasource, locale: 'en' as const };
    expect(metricFormatter({ ...props, formData: formData() }, 'revenue')(1234.56)).toBe('1,234.6\u00a0€');
    expect(
      metricFormatter({ ...props, formData: formData({ number_format: ',d' }) }, 'revenue')(1234.56),
    ).toBe('1,235\u00a0€');
    expect(
      metricFormatter(
        { ...props, formData: formData({ currency_format: { symbol: 'USD', symbolPosition: 'prefix' } }) },
        'revenue',
      )(1234.56),
    ).toBe('$1,234.6');
    expect(metricFormatter({ ...props, formData: formData() }, 'count')(1234.56)).toBe('1.23k');
    expect(
      metricFormatter(
        { ...props, formData: formData({ y_axis_format: '.1%' }) },
        'count',
        'y_axis_format',
      )(0.5),
    ).toBe('50.0%');
  });

  it('formats in Russian', () => {
    expect(percentFormatter('ru')(0.1234)).toBe('12,34%');
    expect(
      dateFormatter({ formData: formData({ date_format: '%d %b %Y' }), locale: 'ru' })(Date.UTC(2024, 2, 5)),
    ).toBe('05 мар 2024');
  });

  it('reads currencies and display names', () => {
    expect(currencyOf({ symbol: '', symbolPosition: 'prefix' })).toBeNull();
    expect(currencyOf({ symbol: 'RUB' })).toEqual({ symbol: 'RUB', symbolPosition: 'prefix' });
    expect(metricDisplayName(testDatasource, 'count')).toBe('Count');
    expect(
      metricDisplayName(testDatasource, { expressionType: 'SQL', sqlExpression: 'MAX(x)', label: 'top' }),
    ).toBe('top');
  });
});
