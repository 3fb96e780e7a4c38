import type { VizType } from '@vitrina/common';

/**
 * One example chart of every chart type over the `sales` example dataset, so the charts list, explore
 * and the gallery have real charts to open. A Record keyed by VizType: a new chart type adds its example.
 */
export interface ExampleChart {
  name: [string, string];
  params: Record<string, unknown>;
}

export const EXAMPLE_CHARTS: Record<VizType, ExampleChart> = {
  table: {
    name: ['Revenue and orders by region', 'Выручка и заказы по регионам'],
    params: {
      query_mode: 'aggregate',
      groupby: ['region'],
      metrics: ['revenue', 'orders'],
      show_totals: true,
    },
  },
  pivot_table_v2: {
    name: ['Revenue by region and channel', 'Выручка по регионам и каналам'],
    params: {
      groupbyRows: ['region'],
      groupbyColumns: ['channel'],
      metrics: ['revenue'],
      rowTotals: true,
      colTotals: true,
    },
  },
  big_number_total: {
    name: ['Total revenue', 'Общая выручка'],
    params: { metric: 'revenue', subheader: '2023–2025' },
  },
  big_number: {
    name: ['Monthly revenue trend', 'Динамика выручки по месяцам'],
    params: {
      metric: 'revenue',
      x_axis: 'order_ts',
      time_grain_sqla: 'P1M',
      compare_lag: 12,
      compare_suffix: 'YoY',
    },
  },
  echarts_timeseries_line: {
    name: ['Revenue by month and region', 'Выручка по месяцам и регионам'],
    params: { x_axis: 'order_ts', time_grain_sqla: 'P1M', metrics: ['revenue'], groupby: ['region'] },
  },
  echarts_timeseries_bar: {
    name: ['Quarterly revenue by channel', 'Выручка по кварталам и каналам'],
    params: {
      x_axis: 'order_ts',
      time_grain_sqla: 'P3M',
      metrics: ['revenue'],
      groupby: ['channel'],
      stack: 'Stack',
    },
  },
  echarts_area: {
    name: ['Revenue share by region', 'Доля выручки по регионам'],
    params: {
      x_axis: 'order_ts',
      time_grain_sqla: 'P1M',
      metrics: ['revenue'],
      groupby: ['region'],
      stack: 'Stack',
    },
  },
  echarts_timeseries_scatter: {
    name: ['Weekly orders', 'Заказы по неделям'],
    params: { x_axis: 'order_ts', time_grain_sqla: 'P1W', metrics: ['orders'] },
  },
  echarts_timeseries_smooth: {
    name: ['Monthly profit', 'Прибыль по месяцам'],
    params: { x_axis: 'order_ts', time_grain_sqla: 'P1M', metrics: ['profit'] },
  },
  mixed_timeseries: {
    name: ['Revenue and orders', 'Выручка и заказы'],
    params: {
      x_axis: 'order_ts',
      time_grain_sqla: 'P1M',
      metrics: ['revenue'],
      metrics_b: ['orders'],
      yAxisIndexB: 1,
    },
  },
  pie: {
    name: ['Revenue by region', 'Выручка по регионам'],
    params: { groupby: ['region'], metric: 'revenue', donut: true },
  },
  funnel: {
    name: ['Orders by channel', 'Заказы по каналам'],
    params: { groupby: ['channel'], metric: 'orders' },
  },
  gauge_chart: { name: ['Margin', 'Маржа'], params: { metric: 'margin', min_val: 0, max_val: 1 } },
  heatmap_v2: {
    name: ['Revenue by region and channel (heatmap)', 'Тепловая карта выручки по регионам и каналам'],
    params: { x_axis: 'region', groupby: 'channel', metric: 'revenue' },
  },
  histogram_v2: {
    name: ['Unit price distribution', 'Распределение цен'],
    params: { column: 'unit_price', groupby: [], bins: 20 },
  },
  box_plot: {
    name: ['City revenue by region', 'Выручка городов по регионам'],
    params: { columns: ['city'], groupby: ['region'], metrics: ['revenue'] },
  },
  treemap_v2: {
    name: ['Revenue by country', 'Выручка по странам'],
    params: { groupby: ['region', 'country'], metric: 'revenue' },
  },
  sunburst_v2: {
    name: ['Revenue by region and country', 'Выручка по регионам и странам'],
    params: { columns: ['region', 'country'], metric: 'revenue' },
  },
  sankey_v2: {
    name: ['Revenue from regions to channels', 'Выручка: регионы и каналы'],
    params: { source: 'region', target: 'channel', metric: 'revenue' },
  },
  word_cloud: {
    name: ['Cities by revenue', 'Города по выручке'],
    params: { series: 'city', metric: 'revenue' },
  },
};
