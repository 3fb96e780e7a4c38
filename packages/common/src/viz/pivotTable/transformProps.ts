/**
 * Query result → the pivot table component's props: the dimensions placed on rows and columns
 * (transposed on request, metrics added where metricsLayout says, first or last as combineMetric says),
 * the pivot computed with the chosen aggregation, then laid out as header and body cells with their
 * texts formatted in the chart's language.
 */
import { getNumberFormatter, type NumberFormatter } from '../../format/number.ts';
import { columnLabel, metricLabel } from '../../query/types.ts';
import { columnsOf, metricsOf, timeGrainOf } from '../shared/query.ts';
import { isBucketed } from '../table/buildQuery.ts';
import { colorFormatters, colorOf } from '../table/conditionalFormatting.ts';
import { flagOf } from '../table/formData.ts';
import { temporalFormatter } from '../table/timeFormats.ts';
import { chosenFormat, metricNumberFormatter } from '../table/valueFormat.ts';
import type { ChartProps, FormData, RenderProps } from '../types.ts';
import {
  type AggregateFunction,
  aggregateFunctionOf,
  aggregationPlan,
  type CellValue,
} from './aggregators.ts';
import type { MetricsLayout } from './controlPanel.ts';
import { layoutPivot } from './layout.ts';
import { type AxisAttr, computePivot, type KeyPart, type PivotSpec, sortOrderOf } from './pivot.ts';
import type { HeaderLabel, PivotTableChartProps } from './types.ts';

const TEMPORAL = 2;

function unique(labels: string[]): string[] {
  return [...new Set(labels)];
}

/** Rows and columns of the pivot, metrics included. */
export function pivotSpec(formData: FormData): PivotSpec {
  const rowsKey = flagOf(formData.transposePivot, false) ? 'groupbyColumns' : 'groupbyRows';
  const colsKey = rowsKey === 'groupbyRows' ? 'groupbyColumns' : 'groupbyRows';
  const attrs = (key: string): AxisAttr[] =>
    unique(columnsOf(formData, key).map(columnLabel)).map((label) => ({ type: 'column', key: label }));
  let rows = attrs(rowsKey);
  let cols = attrs(colsKey);
  const metric: AxisAttr = { type: 'metric' };
  const combine = flagOf(formData.combineMetric, false);
  const layout: MetricsLayout = formData.metricsLayout === 'ROWS' ? 'ROWS' : 'COLUMNS';
  if (layout === 'ROWS') rows = combine ? [...rows, metric] : [metric, ...rows];
  else cols = combine ? [...cols, metric] : [metric, ...cols];
  return {
    rows,
    cols,
    metrics: unique(metricsOf(formData).map(metricLabel)),
    aggregate: aggregateFunctionOf(formData.aggregateFunction),
    rowOrder: sortOrderOf(formData.rowOrder),
    colOrder: sortOrderOf(formData.colOrder),
  };
}

/** Counts and fractions are not amounts of the metric: they keep the number format but not the currency. */
function countsOrFractions(aggregate: AggregateFunction): boolean {
  return (
    aggregate === 'Count' ||
    aggregate === 'Count Unique Values' ||
    aggregationPlan(aggregate).fractionOf !== null
  );
}

function metricFormatters(props: ChartProps, spec: PivotSpec): NumberFormatter[] {
  const { formData, datasource, locale } = props;
  const metrics = metricsOf(formData);
  return spec.metrics.map((label) => {
    const metric = metrics.find((candidate) => metricLabel(candidate) === label);
    if (countsOrFractions(spec.aggregate)) {
      const saved = datasource.metrics.find((entry) => entry.metric_name === metric);
      return getNumberFormatter(chosenFormat(formData.valueFormat, saved?.d3format), { locale });
    }
    return metricNumberFormatter(props, metric, formData.valueFormat, formData.currency_format);
  });
}

export function transformProps(chartProps: ChartProps): RenderProps {
  const { formData, queriesData, datasource, locale, width, height } = chartProps;
  const result = queriesData[0];
  const data = result?.data ?? [];
  const spec = pivotSpec(formData);
  const pivot = computePivot(data, spec);

  const colnames = result?.colnames ?? [];
  const coltypes = result?.coltypes ?? [];
  const grain = timeGrainOf(formData) ?? null;
  const dateFormatters = new Map(
    colnames
      .filter((_, index) => coltypes[index] === TEMPORAL)
      .map((name) => [
        name,
        temporalFormatter(
          formData.date_format as string | undefined,
          isBucketed(formData, name) ? grain : null,
          locale,
        ),
      ]),
  );
  const formatters = metricFormatters(chartProps, spec);
  const rules = colorFormatters(formData.conditional_formatting, data);

  const partLabel = (attr: AxisAttr, part: KeyPart): HeaderLabel => {
    if (attr.type === 'metric') {
      const label = String(part);
      return { type: 'value', text: datasource.verboseMap[label] || label };
    }
    if (part === null) return { type: 'null' };
    const dateFormat = dateFormatters.get(attr.key);
    return { type: 'value', text: dateFormat ? dateFormat(part as number | string) : String(part) };
  };

  const layout = layoutPivot(pivot, {
    rowTotals: flagOf(formData.rowTotals, false),
    colTotals: flagOf(formData.colTotals, false),
    rowSubTotals: flagOf(formData.rowSubTotals, false),
    colSubTotals: flagOf(formData.colSubTotals, false),
    partLabel,
    attrLabel: (attr) =>
      attr.type === 'metric'
        ? { type: 'metricAttr' }
        : { type: 'attr', text: datasource.verboseMap[attr.key] || attr.key },
    format: (value: CellValue, metric) => {
      if (typeof value === 'string') return value;
      const formatter = formatters[metric ?? 0];
      return formatter ? formatter(value) : String(value ?? '');
    },
    background: (value, metric) => colorOf(rules, spec.metrics[metric] as string, value) ?? null,
  });

  const props: PivotTableChartProps = {
    aggregateFunction: spec.aggregate,
    headerRows: layout.headerRows,
    rows: layout.rows,
  };
  return { renderer: 'pivotTable', props: props as unknown as Record<string, unknown>, width, height };
}
