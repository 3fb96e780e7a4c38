/**
 * The table's controls, as Superset's table offers them: the query mode decides which query controls
 * show (aggregate: dimensions, metrics, percentage metrics, sort metric, summary row; raw: columns and
 * ordering); options cover pagination, search, cell bars, per-column settings and conditional colours.
 */
import { nonEmpty, orderbyOptions } from '../../validation/index.ts';
import { sharedControls, TIME_FORMAT_CHOICES } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig, FormData, ValidationMessage, Validator } from '../types.ts';
import { DEFAULT_SERVER_PAGE_LENGTH } from './buildQuery.ts';
import { queryModeOf } from './formData.ts';

const KEYS = 'viz.types.table';

/** Page sizes of the table's pager; 0 shows every row. */
export const PAGE_LENGTH_CHOICES = [0, 10, 20, 50, 100, 200] as const;
export const SERVER_PAGE_LENGTH_CHOICES = [10, 20, 50, 100, 200] as const;

const isAggregate = (formData: FormData) => queryModeOf(formData) === 'aggregate';
const isRaw = (formData: FormData) => queryModeOf(formData) === 'raw';

const hasValue = (value: unknown) =>
  Array.isArray(value) ? value.length > 0 : value !== undefined && value !== null && value !== '';

/** Superset's rule for aggregate mode: dimensions, metrics or percentage metrics, at least one of them. */
export const aggregateNeedsValue: Validator = (_value, formData): ValidationMessage | null => {
  if (!isAggregate(formData)) return null;
  const filled = ['groupby', 'metrics', 'percent_metrics'].some((name) => hasValue(formData[name]));
  return filled ? null : { key: `${KEYS}.validation.aggregateNeedsValue` };
};

/** Raw mode needs columns to select. */
const rawNeedsColumns: Validator = (value, formData) => (isRaw(formData) ? nonEmpty(value, formData) : null);

const queryMode: ControlConfig = {
  name: 'query_mode',
  type: 'RadioButtonControl',
  labelKey: `${KEYS}.controls.queryMode`,
  default: 'aggregate',
  choices: [
    { value: 'aggregate', labelKey: `${KEYS}.controls.queryModes.aggregate` },
    { value: 'raw', labelKey: `${KEYS}.controls.queryModes.raw` },
  ],
};

const groupby: ControlConfig = {
  ...sharedControls.groupby,
  visibility: isAggregate,
  validators: [aggregateNeedsValue],
};

const timeGrain: ControlConfig = {
  ...sharedControls.time_grain_sqla,
  descriptionKey: `${KEYS}.controls.timeGrainDescription`,
  visibility: isAggregate,
};

const metrics: ControlConfig = {
  ...sharedControls.metrics,
  visibility: isAggregate,
  validators: [aggregateNeedsValue],
};

const percentMetrics: ControlConfig = {
  name: 'percent_metrics',
  type: 'MetricsControl',
  labelKey: `${KEYS}.controls.percentMetrics`,
  descriptionKey: `${KEYS}.controls.percentMetricsDescription`,
  multi: true,
  default: [],
  visibility: isAggregate,
  validators: [aggregateNeedsValue],
};

const allColumns: ControlConfig = {
  name: 'all_columns',
  type: 'GroupByControl',
  labelKey: `${KEYS}.controls.allColumns`,
  multi: true,
  default: [],
  visibility: isRaw,
  validators: [rawNeedsColumns],
};

/** Values are JSON text `["column", ascending]`; explore fills the choices from the dataset's order_by_choices. */
const orderByCols: ControlConfig = {
  name: 'order_by_cols',
  type: 'SelectControl',
  labelKey: `${KEYS}.controls.orderByCols`,
  descriptionKey: `${KEYS}.controls.orderByColsDescription`,
  multi: true,
  freeForm: true,
  default: [],
  visibility: isRaw,
  validators: [orderbyOptions],
};

const sortBy: ControlConfig = { ...sharedControls.timeseries_limit_metric, visibility: isAggregate };

const orderDesc: ControlConfig = {
  ...sharedControls.order_desc,
  visibility: (formData) => isAggregate(formData) && hasValue(formData.timeseries_limit_metric),
};

const serverPagination: ControlConfig = {
  name: 'server_pagination',
  type: 'CheckboxControl',
  labelKey: `${KEYS}.controls.serverPagination`,
  descriptionKey: `${KEYS}.controls.serverPaginationDescription`,
  default: false,
};

const serverPageLength: ControlConfig = {
  name: 'server_page_length',
  type: 'SelectControl',
  labelKey: `${KEYS}.controls.serverPageLength`,
  default: DEFAULT_SERVER_PAGE_LENGTH,
  choices: SERVER_PAGE_LENGTH_CHOICES.map((value) => ({ value, label: String(value) })),
  visibility: (formData) => formData.server_pagination === true,
};

const showTotals: ControlConfig = {
  name: 'show_totals',
  type: 'CheckboxControl',
  labelKey: `${KEYS}.controls.showTotals`,
  descriptionKey: `${KEYS}.controls.showTotalsDescription`,
  default: false,
  visibility: isAggregate,
};

const timestampFormat: ControlConfig = {
  name: 'table_timestamp_format',
  type: 'TimeFormatControl',
  labelKey: `${KEYS}.controls.timestampFormat`,
  freeForm: true,
  default: 'smart_date',
  choices: TIME_FORMAT_CHOICES,
  renderTrigger: true,
};

const pageLength: ControlConfig = {
  name: 'page_length',
  type: 'SelectControl',
  labelKey: `${KEYS}.controls.pageLength`,
  freeForm: true,
  clearable: true,
  choices: PAGE_LENGTH_CHOICES.map((value) =>
    value === 0 ? { value, labelKey: `${KEYS}.texts.all` } : { value, label: String(value) },
  ),
  renderTrigger: true,
  visibility: (formData) => formData.server_pagination !== true,
};

function checkbox(name: string, key: string, defaultValue: boolean): ControlConfig {
  return {
    name,
    type: 'CheckboxControl',
    labelKey: `${KEYS}.controls.${key}`,
    descriptionKey: `${KEYS}.controls.${key}Description`,
    default: defaultValue,
    renderTrigger: true,
  };
}

const columnConfig: ControlConfig = {
  name: 'column_config',
  type: 'ColumnConfigControl',
  labelKey: `${KEYS}.controls.columnConfig`,
  descriptionKey: `${KEYS}.controls.columnConfigDescription`,
  default: {},
  renderTrigger: true,
};

const conditionalFormatting: ControlConfig = {
  name: 'conditional_formatting',
  type: 'ConditionalFormattingControl',
  labelKey: `${KEYS}.controls.conditionalFormatting`,
  descriptionKey: `${KEYS}.controls.conditionalFormattingDescription`,
  default: [],
  renderTrigger: true,
};

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: `${KEYS}.sections.query`,
      expanded: true,
      controlRows: [
        [queryMode],
        [groupby],
        [timeGrain],
        [metrics],
        [allColumns],
        [percentMetrics],
        [sharedControls.adhoc_filters],
        [sortBy],
        [orderByCols],
        [serverPagination],
        [sharedControls.row_limit, serverPageLength],
        [orderDesc],
        [showTotals],
      ],
    },
    {
      labelKey: `${KEYS}.sections.options`,
      expanded: true,
      controlRows: [
        [timestampFormat],
        [pageLength],
        [checkbox('include_search', 'includeSearch', false)],
        [checkbox('show_cell_bars', 'showCellBars', true)],
        [checkbox('align_pn', 'alignPn', false)],
        [checkbox('color_pn', 'colorPn', true)],
        [columnConfig],
        [conditionalFormatting],
      ],
    },
  ],
};
