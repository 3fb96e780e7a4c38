/**
 * Gauge: one value (or one per group row) on a dial from min to max. Without bounds the dial runs from
 * twice the lowest negative value (or 0) to twice the highest value, as Superset's does; intervals colour
 * the axis line.
 */
import { columnLabel, metricLabel } from '../../query/types.ts';
import { categoricalScheme, colorScale } from '../colors.ts';
import { dateFormatter, metricDisplayName, metricFormatter } from '../echartsShared/format.ts';
import { boolOf, cellNumber, numberOf, stringOf, withDefaults } from '../echartsShared/formData.ts';
import { coltypesOf, columnDisplayName, rowsOf, valueLabel } from '../echartsShared/labels.ts';
import { echartsRender } from '../echartsShared/render.ts';
import { escapeHtml } from '../echartsShared/tooltip.ts';
import { columnsOf, metricsOf } from '../shared/query.ts';
import type { ChartProps, RenderProps } from '../types.ts';
import { controlPanel } from './controlPanel.ts';
import { intervalStops, parseNumberList } from './intervals.ts';

/** Colour of the axis line outside intervals, and of ticks and labels without intervals. */
const AXIS_COLOR = '#E0E0E0';
const TEXT_COLOR = '#666666';
const TICKS_FROM_LINE = 10;
const TITLE_FROM_CENTER = 20;

interface NamedParams {
  name?: string;
  value?: unknown;
}

/** The dial's range: the chosen bounds, else from the values (Superset's doubling). */
export function gaugeRange(
  values: readonly number[],
  minVal: number | null,
  maxVal: number | null,
): [number, number] {
  const min = minVal ?? 2 * Math.min(0, ...values);
  let max = maxVal ?? 2 * Math.max(0, ...values);
  if (!(max > min)) max = min + 1;
  return [min, max];
}

export function transformProps(props: ChartProps): RenderProps {
  const formData = withDefaults(controlPanel, props.formData);
  const rows = rowsOf(props.queriesData);
  const coltypes = coltypesOf(props.queriesData[0]);
  const groupby = columnsOf(formData, 'groupby');
  const metric = metricsOf(formData, 'metric')[0];
  const valueKey = metric ? metricLabel(metric) : '';
  const formatNumber = metricFormatter(props, metric);
  const template = stringOf(formData.value_formatter, '{value}');
  const formatValue = (value: unknown) => template.replace('{value}', formatNumber(cellNumber(value)));
  const formatTime = dateFormatter({ formData, locale: props.locale });
  const color = colorScale(formData.color_scheme as string, props.labelColors);
  const fontSize = numberOf(formData.font_size, 15);
  const overlap = boolOf(formData.overlap, true);
  const showAxisTick = boolOf(formData.show_axis_line_ticks, false);
  const showSplitLine = boolOf(formData.show_split_line, false);
  const splitNumber = Math.max(1, numberOf(formData.split_number, 10));

  const items = rows.map((row) => ({
    name: groupby.length
      ? groupby
          .map((column) => {
            const label = columnLabel(column);
            return `${columnDisplayName(props.datasource, column)}: ${valueLabel(row[label], coltypes[label], formatTime)}`;
          })
          .join(', ')
      : metricDisplayName(props.datasource, metric),
    value: cellNumber(row[valueKey]),
  }));
  const values = items.map((item) => item.value).filter((value): value is number => value !== null);
  const [min, max] = gaugeRange(values, numberOf(formData.min_val, null), numberOf(formData.max_val, null));

  const axisLineWidth = overlap ? fontSize : Math.max(1, items.length) * fontSize;
  const axisTickLength = 0.25 * fontSize;
  const splitLineLength = fontSize;
  const step = (max - min) / splitNumber;
  const longestLabel = Math.max(
    1,
    ...Array.from({ length: splitNumber + 1 }, (_, index) => formatNumber(min + index * step).length),
  );
  const axisLabelDistance =
    1.5 * fontSize * 0.35 * longestLabel +
    (showSplitLine ? splitLineLength : 0) +
    (showAxisTick ? axisTickLength : 0) +
    TICKS_FROM_LINE -
    axisLineWidth;
  const axisTickDistance = axisLineWidth + axisTickLength + TICKS_FROM_LINE;
  const halfSide = Math.min(props.width, props.height) / 2;
  const radius = Math.max(halfSide * 0.3, halfSide - axisLabelDistance - axisTickDistance);

  const bounds = parseNumberList(formData.intervals) ?? [];
  const colorIndices = parseNumberList(formData.interval_color_indices) ?? [];
  const stops = bounds.length
    ? intervalStops(
        bounds,
        colorIndices,
        categoricalScheme(formData.color_scheme as string).colors,
        min,
        max,
        AXIS_COLOR,
      )
    : null;
  const auto = (plain: string) => (stops ? 'auto' : plain);

  const option = {
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: NamedParams) =>
        `${escapeHtml(params.name)} : ${escapeHtml(formatValue(params.value))}`,
    },
    series: [
      {
        type: 'gauge',
        startAngle: numberOf(formData.start_angle, 225),
        endAngle: numberOf(formData.end_angle, -45),
        min,
        max,
        splitNumber,
        radius,
        center: ['50%', '55%'],
        animation: boolOf(formData.animation, true),
        progress: {
          show: boolOf(formData.show_progress, true),
          overlap,
          roundCap: boolOf(formData.round_cap, false),
          width: fontSize,
        },
        axisLine: {
          roundCap: boolOf(formData.round_cap, false),
          lineStyle: { width: axisLineWidth, color: stops ?? [[1, AXIS_COLOR]] },
        },
        splitLine: {
          show: showSplitLine,
          distance: -(axisLineWidth + splitLineLength + TICKS_FROM_LINE),
          length: splitLineLength,
          lineStyle: { width: 0.25 * fontSize, color: auto(TEXT_COLOR) },
        },
        axisTick: {
          show: showAxisTick,
          distance: -axisTickDistance,
          length: axisTickLength,
          lineStyle: { width: 2, color: auto(TEXT_COLOR) },
        },
        axisLabel: {
          distance: -axisLabelDistance,
          fontSize,
          // Text takes the interval's colour with 'inherit' (lines and the pointer say 'auto').
          color: stops ? 'inherit' : TEXT_COLOR,
          formatter: (value: number) => formatNumber(value),
        },
        pointer: {
          show: boolOf(formData.show_pointer, true),
          showAbove: false,
          ...(stops ? { itemStyle: { color: 'auto' } } : {}),
        },
        detail: {
          valueAnimation: boolOf(formData.animation, true),
          color: TEXT_COLOR,
          formatter: (value: number) => formatValue(value),
        },
        data: items.map((item, index) => ({
          name: item.name,
          value: item.value,
          itemStyle: { color: color(item.name) },
          title: { offsetCenter: ['0%', `${index * 2 * fontSize + TITLE_FROM_CENTER}%`], fontSize },
          detail: {
            offsetCenter: ['0%', `${index * 2 * fontSize + TITLE_FROM_CENTER + 0.9 * fontSize}%`],
            fontSize: 1.2 * fontSize,
          },
        })),
      },
    ],
  };
  return echartsRender(props, option);
}
