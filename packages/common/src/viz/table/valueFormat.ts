/**
 * The number format of a metric's values: the chart's format when the user chose one (anything but the
 * adaptive default), else the saved metric's d3format, else adaptive; the chart's currency, else the
 * saved metric's currency. Shared by the table, the pivot table and the big numbers.
 */
import { getNumberFormatter, type NumberFormatter, SMART_NUMBER } from '../../format/number.ts';
import type { QueryMetric } from '../../query/types.ts';
import { currencyOf, savedMetricOf } from '../echartsShared/format.ts';
import type { ChartProps } from '../types.ts';

export function chosenFormat(chosen: unknown, saved: string | null | undefined): string {
  const explicit = typeof chosen === 'string' && chosen !== '' && chosen !== SMART_NUMBER ? chosen : null;
  return explicit ?? (saved || SMART_NUMBER);
}

export function metricNumberFormatter(
  props: Pick<ChartProps, 'datasource' | 'locale'>,
  metric: QueryMetric | null | undefined,
  format: unknown,
  currency: unknown,
): NumberFormatter {
  const saved = savedMetricOf(props.datasource, metric);
  return getNumberFormatter(chosenFormat(format, saved?.d3format), {
    locale: props.locale,
    currency: currencyOf(currency) ?? currencyOf(saved?.currency),
  });
}
