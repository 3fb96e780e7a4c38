/** Small, hand-made plugins and a dataset for explore's unit tests (independent of the real registry). */
import type { ChartPlugin, ControlPanelConfig, ExploreDataset, FormData } from '@vitrina/common';
import { validators } from '@vitrina/common';

export const dataset: ExploreDataset = {
  id: 7,
  uid: '7__table',
  type: 'table',
  name: 'main.sales',
  datasource_name: 'sales',
  table_name: 'sales',
  schema: 'main',
  description: null,
  description_ru: null,
  database: { id: 1, database_name: 'examples', backend: 'duckdb' },
  main_dttm_col: 'order_ts',
  granularity_sqla: [['order_ts', 'order_ts']],
  time_grain_sqla: [['P1D', 'Day']],
  columns: [
    column(1, 'order_ts', 'TIMESTAMP', 2, true),
    column(2, 'region', 'VARCHAR', 1, false),
    column(3, 'revenue', 'DECIMAL(14,2)', 0, false),
  ],
  metrics: [
    {
      id: 1,
      metric_name: 'count',
      verbose_name: 'COUNT(*)',
      verbose_name_ru: 'Количество',
      expression: 'COUNT(*)',
      d3format: null,
      currency: null,
      description: null,
      certified_by: null,
      certification_details: null,
      warning_text: null,
    },
  ],
  verbose_map: {},
  order_by_choices: [],
  owners: [],
};

function column(id: number, name: string, type: string, generic: number, dttm: boolean) {
  return {
    id,
    column_name: name,
    verbose_name: null,
    verbose_name_ru: null,
    type,
    type_generic: generic,
    is_dttm: dttm,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    is_certified: false,
    certified_by: null,
    warning_text: null,
  };
}

/** A bar-like chart: x-axis, metrics, a row limit, a select that is not free form and a redraw-only legend. */
export const barPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: 'controls.metrics',
      expanded: true,
      controlRows: [
        [
          {
            name: 'x_axis',
            type: 'TemporalColumnControl',
            labelKey: 'controls.xAxis',
            validators: [validators.nonEmpty],
          },
        ],
        [
          {
            name: 'metrics',
            type: 'MetricsControl',
            labelKey: 'controls.metrics',
            multi: true,
            default: [],
            validators: [validators.nonEmpty],
          },
        ],
        [
          {
            name: 'groupby',
            type: 'GroupByControl',
            labelKey: 'controls.dimensions',
            multi: true,
            default: [],
          },
        ],
        [{ name: 'adhoc_filters', type: 'AdhocFilterControl', labelKey: 'controls.filters', default: [] }],
        [
          {
            name: 'row_limit',
            type: 'SelectControl',
            labelKey: 'controls.rowLimit',
            freeForm: true,
            default: 10000,
            validators: [validators.integer, validators.maxValue(100000)],
          },
        ],
        [
          {
            name: 'orientation',
            type: 'RadioButtonControl',
            labelKey: 'controls.sortSeriesBy',
            default: 'vertical',
            choices: [
              { value: 'vertical', label: 'Vertical' },
              { value: 'horizontal', label: 'Horizontal' },
            ],
          },
        ],
        [
          {
            name: 'timeseries_limit_metric',
            type: 'MetricControl',
            labelKey: 'controls.sortBy',
          },
          {
            name: 'order_desc',
            type: 'CheckboxControl',
            labelKey: 'controls.sortDescending',
            default: true,
            visibility: (formData: FormData) => Boolean(formData.timeseries_limit_metric),
            validators: [(value) => (value === false ? { key: 'validation.nonEmpty' } : null)],
          },
        ],
      ],
    },
    {
      labelKey: 'controls.showLegend',
      expanded: true,
      controlRows: [
        [
          {
            name: 'show_legend',
            type: 'CheckboxControl',
            labelKey: 'controls.showLegend',
            default: true,
            renderTrigger: true,
          },
        ],
      ],
    },
  ],
};

/** A big-number-like chart: one metric. */
export const numberPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: 'controls.metrics',
      expanded: true,
      controlRows: [
        [
          {
            name: 'metric',
            type: 'MetricControl',
            labelKey: 'controls.metric',
            validators: [validators.nonEmpty],
          },
        ],
        [{ name: 'adhoc_filters', type: 'AdhocFilterControl', labelKey: 'controls.filters', default: [] }],
        [
          {
            name: 'header_font_size',
            type: 'SliderControl',
            labelKey: 'controls.numberFormat',
            default: 0.4,
            renderTrigger: true,
          },
        ],
      ],
    },
  ],
};

function fakePlugin(
  vizType: ChartPlugin['vizType'],
  controlPanel: ControlPanelConfig,
  category: ChartPlugin['metadata']['category'],
): ChartPlugin {
  return {
    vizType,
    metadata: {
      nameKey: `viz.types.${vizType}.name`,
      descriptionKey: `viz.types.${vizType}.description`,
      category,
      tags: [],
      icon: 'bar',
      renderer: 'echarts',
      behaviors: [],
      canBeAnnotationTypes: [],
    },
    controlPanel,
    buildQuery: (formData) => ({
      datasource: { id: 7, type: 'table' },
      queries: [{ metrics: (formData.metrics as string[]) ?? [] }],
      form_data: formData,
    }),
    transformProps: () => ({ renderer: 'echarts', option: {}, width: 1, height: 1 }),
    // Version 0 called the x-axis `granularity_sqla`.
    migrate: (formData) => {
      if ((formData.form_data_version ?? 0) >= 1) return formData;
      const { granularity_sqla, ...rest } = formData;
      return { ...rest, ...(granularity_sqla ? { x_axis: granularity_sqla } : {}), form_data_version: 1 };
    },
    messages: { namespace: vizType, en: {}, ru: {} },
    example: { name: { en: vizType, ru: vizType }, params: {} },
  };
}

export const barPlugin = fakePlugin('echarts_timeseries_bar', barPanel, 'evolution');
export const numberPlugin = fakePlugin('big_number_total', numberPanel, 'kpi');
export const tablePlugin = fakePlugin('table', numberPanel, 'table');

/** A registry lookup over the fake plugins. */
export function fakePlugins(vizType: ChartPlugin['vizType']): ChartPlugin {
  if (vizType === 'echarts_timeseries_bar') return barPlugin;
  if (vizType === 'big_number_total') return numberPlugin;
  if (vizType === 'table') return tablePlugin;
  throw new Error(`No fake plugin for ${vizType}`);
}
