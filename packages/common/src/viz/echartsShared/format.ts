/**
 * Value formatters of a chart: the form data's number format and currency first, then the saved
 * metric's d3format and currency (as Superset does), in the chart's language.
 */
import type { CurrencyFormat } from '../../api/dataset.ts';
import { getNumberFormatter, type NumberFormatter, SMART_NUMBER } from '../../format/number.ts';
import { getTimeFormatter, SMART_DATE, type TimeFormatter } from '../../format/time.ts';
import { metricLabel, type QueryMetric } from '../../query/types.ts';
import type { ChartProps, DatasourceMeta } from '../types.ts';

export const PERCENT_FORMAT = ',.2%';

/** A currency control's value ({symbol, symbolPosition}) when it names a symbol. */
export function currencyOf(value: unknown): CurrencyFormat | null {
  if (!value || typeof value !== 'object') return null;
  const { symbol, symbolPosition } = value as Record<string, unknown>;
  return typeof symbol === 'string' && symbol
    ? { symbol, symbolPosition: typeof symbolPosition === 'string' ? symbolPosition : 'prefix' }
    : null;
}

export function savedMetricOf(
  datasource: DatasourceMeta,
  metric: QueryMetric | null | undefined,
): DatasourceMeta['metrics'][number] | undefined {
  if (typeof metric !== 'string') return undefined;
  return datasource.metrics.find((candidate) => candidate.metric_name === metric);
}

/**
 * The formatter of a metric's values. `formatKey` names the number-format control; the raw form data is
 * read (not defaults), so a saved metric's own format applies when the chart sets none.
 */
export function metricFormatter(
  props: Pick<ChartProps, 'formData' | 'datasource' | 'locale'>,
  metric: QueryMetric | null | undefined,
  formatKey = 'number_format',
): NumberFormatter {
  const { formData, datasource, locale } = props;
  const saved = savedMetricOf(datasource, metric);
  const chosen = formData[formatKey];
  const format = typeof chosen === 'string' && chosen ? chosen : saved?.d3format || SMART_NUMBER;
  const currency = currencyOf(formData.currency_format) ?? currencyOf(saved?.currency);
  return getNumberFormatter(format, { locale, currency });
}

export function percentFormatter(locale: ChartProps['locale']): NumberFormatter {
  return getNumberFormatter(PERCENT_FORMAT, { locale });
}

export function dateFormatter(
  props: Pick<ChartProps, 'formData' | 'locale'>,
  formatKey = 'date_format',
): TimeFormatter {
  const chosen = props.formData[formatKey];
  return getTimeFormatter(typeof chosen === 'string' && chosen ? chosen : SMART_DATE, props.locale);
}

/** Display name of a metric: the dataset's verbose name in the UI language, or its label. */
export function metricDisplayName(
  datasource: DatasourceMeta,
  metric: QueryMetric | null | undefined,
): string {
  if (metric === null || metric === undefined) return '';
  const label = metricLabel(metric);
  return datasource.verboseMap[label] || label;
}
