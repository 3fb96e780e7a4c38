/**
 * Heatmap: a cell per (x, y) coloured on the sequential scheme by the metric, or by its rank when
 * normalised; tooltips give the cell's share of the heatmap, of its column (x) or of its row (y).
 */
import { columnLabel, metricLabel, type QueryColumn } from '../../query/types.ts';
import { sequentialScheme } from '../colors.ts';
import {
  dateFormatter,
  metricDisplayName,
  metricFormatter,
  percentFormatter,
} from '../echartsShared/format.ts';
import { boolOf, cellNumber, numberOf, withDefaults } from '../echartsShared/formData.ts';
import { translator } from '../echartsShared/i18n.ts';
import { coltypesOf, rowsOf, valueLabel } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { tooltipHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { distinctValues, sortAxis } from './axes.ts';
import { controlPanel, type SortAxis } from './controlPanel.ts';
import { messages } from './messages.ts';

/** The column post-processing's `rank` operation adds. */
const RANK = 'rank';
/** Colour range when the data gives none (Superset's). */
const DEFAULT_BOUNDS: [number, number] = [0, 200];

type Cell = [number, number, number | null, ...number[]];

interface CellParams {
  value?: Cell;
}

/** [min, max] of value_bounds; each side null when unset. */
export function boundsOf(value: unknown): [number | null, number | null] {
  const [min, max] = Array.isArray(value) ? value : [];
  return [numberOf(min, null), numberOf(max, null)];
}

/** ECharts' label interval: every nth tick (Superset's 1-based step), or automatic. */
function interval(value: unknown): number | 'auto' {
  const step = numberOf(value, -1);
  return step <= 0 ? 'auto' : step - 1;
}

function margin(value: unknown): number | undefined {
  return value === 'auto' ? undefined : (numberOf(value, null) ?? undefined);
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const t = translator(props.locale, messages);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const xColumn = formData.x_axis ? columnLabel(formData.x_axis as QueryColumn) : '';
  const yColumn = columnsOf(formData, 'groupby').map(columnLabel)[0] ?? '';
  const metric = metricsOf(formData, 'metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const metricName = metricDisplayName(props.datasource, metric);
  const formatValue = metricFormatter(props, metric, 'y_axis_format');
  const formatPercent = percentFormatter(props.locale);
  const formatTime = dateFormatter({ formData, locale: props.locale }, 'x_axis_time_format');
  const normalized = boolOf(formData.normalized, false);
  const across = formData.normalize_across;

  const xValues = sortAxis(
    distinctValues(rows, xColumn),
    rows,
    formData.sort_x_axis as SortAxis,
    xColumn,
    valueKey,
  );
  const yValues = sortAxis(
    distinctValues(rows, yColumn),
    rows,
    formData.sort_y_axis as SortAxis,
    yColumn,
    valueKey,
  );
  const xIndex = new Map(xValues.map((value, index) => [value, index]));
  const yIndex = new Map(yValues.map((value, index) => [value, index]));
  const xLabels = xValues.map((value) => valueLabel(value, coltypes[xColumn], formatTime));
  const yLabels = yValues.map((value) => valueLabel(value, coltypes[yColumn], formatTime));

  const xTotals = new Array<number>(xValues.length).fill(0);
  const yTotals = new Array<number>(yValues.length).fill(0);
  let total = 0;
  const cells: Cell[] = [];
  for (const row of rows) {
    const x = xIndex.get(row[xColumn] ?? null) as number;
    const y = yIndex.get(row[yColumn] ?? null) as number;
    const value = cellNumber(row[valueKey]);
    if (value !== null) {
      xTotals[x] = (xTotals[x] ?? 0) + value;
      yTotals[y] = (yTotals[y] ?? 0) + value;
      total += value;
    }
    const rank = cellNumber(row[RANK]);
    if (normalized && rank === null) continue;
    cells.push(normalized ? [x, y, value, rank as number] : [x, y, value]);
  }

  const colorDimension = normalized ? 3 : 2;
  const colored = cells
    .map((cell) => cell[colorDimension])
    .filter((value): value is number => typeof value === 'number');
  const [minBound, maxBound] = boundsOf(formData.value_bounds);
  const min = minBound ?? (colored.length ? Math.min(...colored) : DEFAULT_BOUNDS[0]);
  const max = maxBound ?? (colored.length ? Math.max(...colored) : DEFAULT_BOUNDS[1]);
  const legendType = formData.legend_type === 'piecewise' ? 'piecewise' : 'continuous';
  const showLegend = boolOf(formData.show_legend, true);

  const share = (cell: Cell): [number, string] => {
    const value = cell[2] ?? 0;
    if (across === 'x') return [value / (xTotals[cell[0]] || 1), xLabels[cell[0]] ?? ''];
    if (across === 'y') return [value / (yTotals[cell[1]] || 1), yLabels[cell[1]] ?? ''];
    return [value / (total || 1), t('viz.types.heatmap.tooltip.heatmap')];
  };

  const option = {
    grid: {
      containLabel: true,
      top: showLegend ? 40 : 10,
      right: 10,
      left: margin(formData.left_margin) ?? 10,
      bottom: margin(formData.bottom_margin) ?? 10,
    },
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: ({ value: cell }: CellParams) => {
        if (!cell) return '';
        const line = [metricName, formatValue(cell[2])];
        if (boolOf(formData.show_percentage, true) && cell[2] !== null) {
          const [ratio, of] = share(cell);
          line.push(`${formatPercent(ratio)} (${of})`);
        }
        return tooltipHtml([line], `${xLabels[cell[0]]} (${yLabels[cell[1]]})`);
      },
    },
    visualMap: {
      type: legendType,
      show: showLegend,
      min,
      max,
      calculable: true,
      orient: 'horizontal',
      right: 0,
      top: 0,
      itemHeight: legendType === 'continuous' ? 300 : 14,
      itemWidth: 15,
      dimension: colorDimension,
      inRange: { color: [...sequentialScheme(formData.linear_color_scheme as string).colors] },
      formatter: (value: number) => (normalized ? formatPercent(value) : formatValue(value)),
    },
    xAxis: {
      type: 'category',
      data: xLabels,
      axisLabel: { interval: interval(formData.xscale_interval), hideOverlap: true },
    },
    yAxis: {
      type: 'category',
      data: yLabels,
      axisLabel: { interval: interval(formData.yscale_interval), hideOverlap: true },
    },
    series: [
      {
        name: metricName,
        type: 'heatmap',
        data: cells,
        label: {
          show: boolOf(formData.show_values, false),
          formatter: ({ value: cell }: CellParams) => (cell ? formatValue(cell[2]) : ''),
        },
        emphasis: {
          itemStyle: { borderColor: 'transparent', shadowBlur: 10, shadowColor: 'rgba(0,0,0,0.3)' },
        },
      },
    ],
  };
  return echartsRender(props, option);
}
