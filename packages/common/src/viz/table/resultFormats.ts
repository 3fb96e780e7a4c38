/**
 * How a grid of result rows (explore's Results and Samples) shows numbers: a metric's column in the
 * chart's number format when one was chosen, else the saved metric's d3format (and currency), else the
 * smart default, as the charts do; other numbers as the table shows plain numbers (whole ones as they
 * are, fractions to four decimals). Temporal and text columns are left to the grid.
 */
import { getNumberFormatter } from '../../format/number.ts';
import type { QueryMetric } from '../../query/types.ts';
import { metricLabel } from '../../query/types.ts';
import type { ChartProps } from '../types.ts';
import { PLAIN_NUMBER_FORMAT } from './columns.ts';
import { metricNumberFormatter } from './valueFormat.ts';

/** GenericDataType of numeric columns. */
const NUMERIC = 0;
/** The number-format controls of the chart types, the first one set wins. */
const FORMAT_CONTROLS = ['y_axis_format', 'number_format', 'valueFormat'] as const;

export type CellFormatter = (value: number) => string;

export function resultNumberFormatters(
  result: { colnames: readonly string[]; coltypes: readonly number[] },
  metrics: readonly QueryMetric[],
  props: Pick<ChartProps, 'datasource' | 'locale'> & { formData?: Record<string, unknown> | null },
): Record<string, CellFormatter> {
  const formData = props.formData ?? {};
  const chosen = FORMAT_CONTROLS.map((key) => formData[key]).find((value) => typeof value === 'string');
  const plain = getNumberFormatter(PLAIN_NUMBER_FORMAT, { locale: props.locale });
  const formatters: Record<string, CellFormatter> = {};
  result.colnames.forEach((name, index) => {
    if (result.coltypes[index] !== NUMERIC) return;
    const metric = metrics.find((candidate) => metricLabel(candidate) === name);
    // A sample row's column named like a saved metric is no metric: only the query's metrics are.
    formatters[name] = metric
      ? metricNumberFormatter(props, metric, chosen, formData.currency_format)
      : plain;
  });
  return formatters;
}
