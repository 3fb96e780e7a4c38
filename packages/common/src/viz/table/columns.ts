/**
 * The table's columns from the query result: header labels from the dataset's verbose names, a
 * formatter per column (column_config first, then the saved metric's format and currency, then the
 * chart-wide defaults), alignment, cell bars and conditional colours. Percentage metrics arrive as
 * `%<metric>`; a metric chosen only as a percentage metric is not shown raw.
 */
import { getNumberFormatter } from '../../format/number.ts';
import { metricLabel } from '../../query/types.ts';
import type { TimeGrain } from '../../sql/timeGrains.ts';
import { currencyOf } from '../echartsShared/format.ts';
import { cellNumber } from '../echartsShared/formData.ts';
import { columnsOf, metricsOf, timeGrainOf } from '../shared/query.ts';
import type { ChartProps, FormData } from '../types.ts';
import { isBucketed, PERCENT_METRIC_PREFIX, percentMetricLabels } from './buildQuery.ts';
import { valueRange } from './cellBars.ts';
import { colorFormatters, colorOf } from './conditionalFormatting.ts';
import { type ColumnConfig, columnConfigOf, flagOf, queryModeOf } from './formData.ts';
import { temporalFormatter } from './timeFormats.ts';
import type { TableColumn, TableDataType } from './types.ts';
import { metricNumberFormatter } from './valueFormat.ts';

/** Superset's default format of percentage metrics. */
export const PERCENT_METRIC_FORMAT = '.3%';
/**
 * Numbers that are not metrics: whole ones as they are (ids, years: no grouping), fractions to at most
 * four decimals, trailing zeros trimmed, with the language's decimal mark.
 */
export const PLAIN_NUMBER_FORMAT = '.4~f';

const GENERIC_TYPES: Record<number, TableDataType> = {
  0: 'number',
  1: 'string',
  2: 'temporal',
  3: 'boolean',
};

type Row = Record<string, unknown>;

function isNumericColumn(key: string, data: readonly Row[]): boolean {
  return data.every((row) => row[key] === null || row[key] === undefined || typeof row[key] === 'number');
}

function dataTypeOf(coltype: number | undefined, key: string, data: readonly Row[]): TableDataType {
  const known = coltype === undefined ? undefined : GENERIC_TYPES[coltype];
  if (known) return known;
  return data.length > 0 && isNumericColumn(key, data) ? 'number' : 'string';
}

const nullSafe =
  (format: (value: never) => string) =>
  (value: unknown): string =>
    value === null || value === undefined ? '' : format(value as never);

interface ColumnContext {
  props: ChartProps;
  data: readonly Row[];
  metricKeys: Set<string>;
  percentKeys: Set<string>;
  /** The grain of bucketed temporal columns (aggregate mode), keyed by column. */
  grainOf: (key: string) => TimeGrain | null;
}

function formatterOf(
  context: ColumnContext,
  key: string,
  dataType: TableDataType,
  config: ColumnConfig,
  isMetric: boolean,
  isPercentMetric: boolean,
): (value: unknown) => string {
  const { formData, locale } = context.props;
  if (dataType === 'temporal' || config.d3TimeFormat) {
    const chosen = config.d3TimeFormat || (formData.table_timestamp_format as string | undefined);
    const format = temporalFormatter(chosen, context.grainOf(key), locale);
    return nullSafe(format);
  }
  if (isPercentMetric) {
    return nullSafe(getNumberFormatter(config.d3NumberFormat || PERCENT_METRIC_FORMAT, { locale }));
  }
  if (isMetric) {
    const metric = metricByLabel(formData, key);
    return nullSafe(
      metricNumberFormatter(context.props, metric, config.d3NumberFormat, config.currencyFormat),
    );
  }
  if (dataType === 'number') {
    const format = config.d3NumberFormat || PLAIN_NUMBER_FORMAT;
    const currency = currencyOf(config.currencyFormat);
    const number = getNumberFormatter(format, { locale, currency });
    return nullSafe((value: unknown) => {
      const parsed = cellNumber(value);
      return parsed === null ? String(value) : number(parsed);
    });
  }
  return nullSafe(String);
}

/** The metric of the form data whose result column is `label` (a saved metric's name or adhoc label). */
function metricByLabel(formData: FormData, label: string) {
  return metricsOf(formData).find((metric) => metricLabel(metric) === label);
}

function buildColumn(context: ColumnContext, key: string, coltype: number | undefined): TableColumn {
  const { formData, datasource } = context.props;
  const { data } = context;
  const config = columnConfigOf(formData, key);
  const dataType = dataTypeOf(coltype, key, data);
  const isPercentMetric = context.percentKeys.has(key);
  // Only numeric metrics count as metrics: MAX(text) is shown like any text.
  const isMetric = context.metricKeys.has(key) && isNumericColumn(key, data);
  const rawKey = isPercentMetric ? key.slice(PERCENT_METRIC_PREFIX.length) : key;
  const verbose = datasource.verboseMap[rawKey] || rawKey;
  const label = isPercentMetric ? `${PERCENT_METRIC_PREFIX}${verbose}` : verbose;

  const alignPositiveNegative = flagOf(config.alignPositiveNegative, flagOf(formData.align_pn, false));
  const colorPositiveNegative = flagOf(config.colorPositiveNegative, flagOf(formData.color_pn, true));
  const showBars = flagOf(config.showCellBars, flagOf(formData.show_cell_bars, true));
  const barsApply = isMetric || (queryModeOf(formData) === 'raw' && dataType === 'number');
  const range =
    showBars && barsApply
      ? valueRange(
          data.map((row) => row[key]),
          alignPositiveNegative,
        )
      : null;

  const rules = colorFormatters(formData.conditional_formatting, data).filter((rule) => rule.column === key);

  return {
    key,
    label,
    dataType,
    isMetric,
    isPercentMetric,
    align: config.horizontalAlign ?? (dataType === 'number' ? 'right' : 'left'),
    width: typeof config.columnWidth === 'number' && config.columnWidth > 0 ? config.columnWidth : null,
    format: formatterOf(context, key, dataType, config, isMetric, isPercentMetric),
    bars: range ? { range, alignPositiveNegative, colorPositiveNegative } : null,
    background: rules.length > 0 ? (value) => colorOf(rules, key, value) : null,
  };
}

export function tableColumns(props: ChartProps, data: readonly Row[]): TableColumn[] {
  const { formData, queriesData } = props;
  const result = queriesData[0];
  const colnames = result?.colnames ?? Object.keys(data[0] ?? {});
  const coltypes = result?.coltypes ?? [];
  const aggregate = queryModeOf(formData) === 'aggregate';
  const metricKeys = new Set(aggregate ? metricsOf(formData).map(metricLabel) : []);
  const rawPercent = aggregate ? percentMetricLabels(formData) : [];
  const percentKeys = new Set(rawPercent.map((label) => `${PERCENT_METRIC_PREFIX}${label}`));
  const grain = aggregate ? (timeGrainOf(formData) ?? null) : null;
  const groupby = new Set(columnsOf(formData, 'groupby').filter((c): c is string => typeof c === 'string'));
  const context: ColumnContext = {
    props,
    data,
    metricKeys,
    percentKeys,
    grainOf: (key) => (grain && groupby.has(key) && isBucketed(formData, key) ? grain : null),
  };
  return colnames
    .map((key, index) => ({ key, coltype: coltypes[index] }))
    .filter(({ key }) => !(rawPercent.includes(key) && !metricKeys.has(key)))
    .map(({ key, coltype }) => buildColumn(context, key, coltype));
}
