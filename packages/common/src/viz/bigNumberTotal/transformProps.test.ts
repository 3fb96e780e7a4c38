import { describe, expect, it } from 'vitest';
import type { ChartProps, DatasourceMeta, FormData } from '../types.ts';
import { transformProps } from './transformProps.ts';
import type { BigNumberChartProps } from './types.ts';

const datasource: DatasourceMeta = {
  id: 2,
  type: 'table',
  columns: [],
  metrics: [
    {
      metric_name: 'revenue',
      verbose_name: 'Revenue',
      d3format: ',.0f',
      currency: { symbol: 'RUB', symbolPosition: 'suffix' },
    },
  ],
  verboseMap: { revenue: 'Revenue' },
};

const formData = (extra: Partial<FormData> = {}): FormData => ({
  datasource: '2__table',
  viz_type: 'big_number_total',
  metric: 'revenue',
  ...extra,
});

function bigNumber(
  extra: Partial<FormData>,
  data: Array<Record<string, unknown>>,
  more: Partial<ChartProps> = {},
) {
  const render = transformProps({
    formData: formData(extra),
    queriesData: [{ data, colnames: ['revenue'], coltypes: [0], rowcount: data.length }],
    width: 300,
    height: 200,
    datasource,
    locale: 'en',
    ...more,
  });
  expect(render.renderer).toBe('bigNumber');
  return (render as { props: unknown }).props as BigNumberChartProps;
}

describe('big number transformProps', () => {
  it("formats the value with the saved metric's format and currency", () => {
    const props = bigNumber({ subheader: 'this year' }, [{ revenue: 1234567.4 }]);
    expect(props).toMatchObject({
      value: 1234567.4,
      headerText: '1,234,567\u00a0₽',
      subheader: 'this year',
      emptyReason: null,
      headerFontSize: 0.4,
      subheaderFontSize: 0.15,
      trendline: null,
    });
  });

  it('prefers the chosen number format and currency, in the chart language', () => {
    const props = bigNumber(
      { y_axis_format: ',.2f', currency_format: { symbol: 'EUR', symbolPosition: 'prefix' } },
      [{ revenue: 1234.5 }],
      { locale: 'ru' },
    );
    expect(props.headerText).toBe('€\u00a01\u00a0234,50');
  });

  it('formats as a date when forced', () => {
    const props = bigNumber({ force_timestamp_formatting: true, time_format: '%Y-%m-%d' }, [
      { revenue: Date.UTC(2024, 0, 31) },
    ]);
    expect(props.headerText).toBe('2024-01-31');
  });

  it('says there is no data when the query returned nothing or NULL', () => {
    expect(bigNumber({}, [])).toMatchObject({ value: null, headerText: '', emptyReason: 'noData' });
    expect(bigNumber({}, [{ revenue: null }])).toMatchObject({ value: null, emptyReason: 'noData' });
  });

  it('colours the number by the matching conditional formatting rule, at full colour', () => {
    const rules = [
      { column: 'revenue', operator: '<', targetValue: 100, colorScheme: '#EFA1AA' },
      { column: 'revenue', operator: '≥', targetValue: 100, colorScheme: '#ACE1C4' },
    ];
    expect(bigNumber({ conditional_formatting: rules }, [{ revenue: 150 }]).color).toBe(
      'rgba(172,225,196,1)',
    );
    expect(bigNumber({ conditional_formatting: rules }, [{ revenue: 5 }]).color).toBe('rgba(239,161,170,1)');
    expect(bigNumber({}, [{ revenue: 5 }]).color).toBeNull();
  });

  it('reads the font sizes chosen', () => {
    expect(bigNumber({ header_font_size: 0.6, subheader_font_size: 0.3 }, [{ revenue: 1 }])).toMatchObject({
      headerFontSize: 0.6,
      subheaderFontSize: 0.3,
    });
  });
});
