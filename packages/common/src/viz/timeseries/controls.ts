/**
 * The family's own controls (labels under `viz.timeseries.controls.`), with Superset's names, choices
 * and defaults, and the validators explore shows under them. Controls many chart types share come from
 * viz/shared/controls.ts.
 */
import { integer, opacity } from '../../validation/index.ts';
import { TIME_FORMAT_CHOICES } from '../shared/controls.ts';
import type { ControlConfig, FormData, ValidationMessage, Validator } from '../types.ts';
import { annotationLayersToQuery, visibleAnnotationLayers } from './annotations.ts';
import {
  COMPARISON_TYPE_CHOICES,
  CONTRIBUTION_CHOICES,
  DEFAULT_AREA_OPACITY,
  DEFAULT_MARKER_SIZE,
  DEFAULT_TITLE_MARGIN,
  LABEL_ROTATION_CHOICES,
  LEGEND_ORIENTATION_CHOICES,
  LEGEND_TYPE_CHOICES,
  ORIENTATION_CHOICES,
  RESAMPLE_METHOD_CHOICES,
  RESAMPLE_RULE_CHOICES,
  ROLLING_TYPE_CHOICES,
  SERIES_TYPE_CHOICES,
  STACK_CHOICES,
  TIME_SHIFT_CHOICES,
  TITLE_MARGIN_CHOICES,
} from './constants.ts';
import { boolOf, boundsOf, stackModeOf, timeCompareOf } from './formData.ts';
import { compileFormula, FormulaError } from './formula.ts';

const label = (name: string) => `viz.timeseries.controls.${name}`;
const description = (name: string) => `viz.timeseries.descriptions.${name}`;
const validation = (key: string, params?: ValidationMessage['params']): ValidationMessage =>
  params ? { key: `viz.timeseries.validation.${key}`, params } : { key: `viz.timeseries.validation.${key}` };

const WINDOWED = new Set(['mean', 'sum', 'std']);

/** y_axis_bounds: the minimum must be below the maximum when both are given. */
export const boundsInOrder: Validator = (value) => {
  const [min, max] = boundsOf(value);
  return min !== null && max !== null && min >= max ? validation('boundsOrder') : null;
};

/** Every formula layer must parse: the message names the first layer that does not. */
export const formulasParse: Validator = (value, formData) => {
  const layers = visibleAnnotationLayers({ ...formData, annotation_layers: value });
  for (const layer of layers) {
    if (layer.annotationType !== 'FORMULA') continue;
    try {
      compileFormula(String(layer.value));
    } catch (error) {
      if (error instanceof FormulaError) return validation('invalidFormula', { name: layer.name });
      throw error;
    }
  }
  return null;
};

/** Table and line sources need the saved chart they read from. */
export const annotationSourcesChosen: Validator = (value, formData) => {
  const missing = annotationLayersToQuery({ ...formData, annotation_layers: value }).find(
    (layer) => layer.value === '' || layer.value === null || layer.value === undefined,
  );
  return missing ? validation('annotationSource', { name: missing.name }) : null;
};

export const timeseriesControls = {
  contributionMode: {
    name: 'contributionMode',
    type: 'SelectControl',
    labelKey: label('contributionMode'),
    descriptionKey: description('contributionMode'),
    choices: CONTRIBUTION_CHOICES,
    default: null,
    clearable: true,
  },
  truncate_metric: {
    name: 'truncate_metric',
    type: 'CheckboxControl',
    labelKey: label('truncateMetric'),
    descriptionKey: description('truncateMetric'),
    default: true,
  },
  show_empty_columns: {
    name: 'show_empty_columns',
    type: 'CheckboxControl',
    labelKey: label('showEmptyColumns'),
    descriptionKey: description('showEmptyColumns'),
    default: true,
  },
  rolling_type: {
    name: 'rolling_type',
    type: 'SelectControl',
    labelKey: label('rollingType'),
    descriptionKey: description('rollingType'),
    choices: ROLLING_TYPE_CHOICES,
    default: null,
    clearable: true,
  },
  rolling_periods: {
    name: 'rolling_periods',
    type: 'NumberControl',
    labelKey: label('rollingPeriods'),
    descriptionKey: description('rollingPeriods'),
    min: 1,
    step: 1,
    validators: [integer],
    visibility: (formData) => WINDOWED.has(String(formData.rolling_type)),
  },
  min_periods: {
    name: 'min_periods',
    type: 'NumberControl',
    labelKey: label('minPeriods'),
    descriptionKey: description('minPeriods'),
    min: 0,
    step: 1,
    validators: [integer],
    visibility: (formData) => WINDOWED.has(String(formData.rolling_type)),
  },
  time_compare: {
    name: 'time_compare',
    type: 'SelectControl',
    labelKey: label('timeCompare'),
    descriptionKey: description('timeCompare'),
    choices: TIME_SHIFT_CHOICES,
    multi: true,
    freeForm: true,
    default: [],
  },
  comparison_type: {
    name: 'comparison_type',
    type: 'SelectControl',
    labelKey: label('comparisonType'),
    descriptionKey: description('comparisonType'),
    choices: COMPARISON_TYPE_CHOICES,
    default: 'values',
    visibility: (formData) => timeCompareOf(formData).length > 0,
  },
  resample_rule: {
    name: 'resample_rule',
    type: 'SelectControl',
    labelKey: label('resampleRule'),
    choices: RESAMPLE_RULE_CHOICES,
    default: null,
    clearable: true,
  },
  resample_method: {
    name: 'resample_method',
    type: 'SelectControl',
    labelKey: label('resampleMethod'),
    choices: RESAMPLE_METHOD_CHOICES,
    default: null,
    clearable: true,
  },
  annotation_layers: {
    name: 'annotation_layers',
    type: 'AnnotationLayerControl',
    labelKey: label('annotationLayers'),
    default: [],
    validators: [formulasParse, annotationSourcesChosen],
  },
  stack: {
    name: 'stack',
    type: 'SelectControl',
    labelKey: label('stack'),
    descriptionKey: description('stack'),
    choices: STACK_CHOICES.filter((choice) => choice.value !== 'Expand'),
    default: null,
    clearable: true,
    renderTrigger: true,
  },
  area: {
    name: 'area',
    type: 'CheckboxControl',
    labelKey: label('area'),
    descriptionKey: description('area'),
    default: false,
    renderTrigger: true,
  },
  opacity: {
    name: 'opacity',
    type: 'SliderControl',
    labelKey: label('opacity'),
    min: 0,
    max: 1,
    step: 0.1,
    default: DEFAULT_AREA_OPACITY,
    validators: [opacity],
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.area, false),
  },
  markerEnabled: {
    name: 'markerEnabled',
    type: 'CheckboxControl',
    labelKey: label('markerEnabled'),
    descriptionKey: description('markerEnabled'),
    default: false,
    renderTrigger: true,
  },
  markerSize: {
    name: 'markerSize',
    type: 'SliderControl',
    labelKey: label('markerSize'),
    min: 0,
    max: 20,
    step: 1,
    default: DEFAULT_MARKER_SIZE,
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.markerEnabled, false),
  },
  show_value: {
    name: 'show_value',
    type: 'CheckboxControl',
    labelKey: label('showValue'),
    default: false,
    renderTrigger: true,
  },
  only_total: {
    name: 'only_total',
    type: 'CheckboxControl',
    labelKey: label('onlyTotal'),
    descriptionKey: description('onlyTotal'),
    default: true,
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.show_value, false) && stackModeOf(formData.stack) !== null,
  },
  seriesType: {
    name: 'seriesType',
    type: 'SelectControl',
    labelKey: label('seriesType'),
    choices: SERIES_TYPE_CHOICES,
    default: 'line',
    renderTrigger: true,
  },
  orientation: {
    name: 'orientation',
    type: 'RadioButtonControl',
    labelKey: label('orientation'),
    choices: ORIENTATION_CHOICES,
    default: 'vertical',
  },
  zoomable: {
    name: 'zoomable',
    type: 'CheckboxControl',
    labelKey: label('zoomable'),
    descriptionKey: description('zoomable'),
    default: false,
    renderTrigger: true,
  },
  legendType: {
    name: 'legendType',
    type: 'SelectControl',
    labelKey: label('legendType'),
    choices: LEGEND_TYPE_CHOICES,
    default: 'scroll',
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.show_legend, true),
  },
  legendOrientation: {
    name: 'legendOrientation',
    type: 'SelectControl',
    labelKey: label('legendOrientation'),
    choices: LEGEND_ORIENTATION_CHOICES,
    default: 'top',
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.show_legend, true),
  },
  x_axis_title: {
    name: 'x_axis_title',
    type: 'TextControl',
    labelKey: label('xAxisTitle'),
    default: '',
    renderTrigger: true,
  },
  x_axis_title_margin: {
    name: 'x_axis_title_margin',
    type: 'SelectControl',
    labelKey: label('xAxisTitleMargin'),
    choices: TITLE_MARGIN_CHOICES,
    freeForm: true,
    default: DEFAULT_TITLE_MARGIN,
    validators: [integer],
    renderTrigger: true,
  },
  xAxisLabelRotation: {
    name: 'xAxisLabelRotation',
    type: 'SelectControl',
    labelKey: label('xAxisLabelRotation'),
    choices: LABEL_ROTATION_CHOICES,
    freeForm: true,
    default: 0,
    validators: [integer],
    renderTrigger: true,
  },
  y_axis_title: {
    name: 'y_axis_title',
    type: 'TextControl',
    labelKey: label('yAxisTitle'),
    default: '',
    renderTrigger: true,
  },
  y_axis_title_margin: {
    name: 'y_axis_title_margin',
    type: 'SelectControl',
    labelKey: label('yAxisTitleMargin'),
    choices: TITLE_MARGIN_CHOICES,
    freeForm: true,
    default: 30,
    validators: [integer],
    renderTrigger: true,
  },
  logAxis: {
    name: 'logAxis',
    type: 'CheckboxControl',
    labelKey: label('logAxis'),
    descriptionKey: description('logAxis'),
    default: false,
    renderTrigger: true,
  },
  minorSplitLine: {
    name: 'minorSplitLine',
    type: 'CheckboxControl',
    labelKey: label('minorSplitLine'),
    descriptionKey: description('minorSplitLine'),
    default: false,
    renderTrigger: true,
  },
  truncateYAxis: {
    name: 'truncateYAxis',
    type: 'CheckboxControl',
    labelKey: label('truncateYAxis'),
    descriptionKey: description('truncateYAxis'),
    default: false,
    renderTrigger: true,
  },
  // Two numbers, [min, max]; either may be empty.
  y_axis_bounds: {
    name: 'y_axis_bounds',
    type: 'BoundsControl',
    labelKey: label('yAxisBounds'),
    descriptionKey: description('yAxisBounds'),
    default: [null, null],
    validators: [boundsInOrder],
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.truncateYAxis, false),
  },
  rich_tooltip: {
    name: 'rich_tooltip',
    type: 'CheckboxControl',
    labelKey: label('richTooltip'),
    descriptionKey: description('richTooltip'),
    default: true,
    renderTrigger: true,
  },
  tooltipSortByMetric: {
    name: 'tooltipSortByMetric',
    type: 'CheckboxControl',
    labelKey: label('tooltipSortByMetric'),
    default: false,
    renderTrigger: true,
    visibility: (formData) => boolOf(formData.rich_tooltip, true),
  },
  tooltipTimeFormat: {
    name: 'tooltipTimeFormat',
    type: 'TimeFormatControl',
    labelKey: label('tooltipTimeFormat'),
    freeForm: true,
    choices: TIME_FORMAT_CHOICES,
    default: 'smart_date',
    renderTrigger: true,
  },
} satisfies Record<string, ControlConfig>;

/** The stack control with Expand (area and bar charts). */
export const stackWithExpand: ControlConfig = {
  ...timeseriesControls.stack,
  choices: STACK_CHOICES,
  descriptionKey: description('stackExpand'),
};

/**
 * The twin of a control for another part of the form: `metrics` → `metrics_b` for the mixed chart's
 * query B. Its visibility and validators read the form data as that part sees it.
 */
export function twinControl(
  control: ControlConfig,
  suffix: string,
  view: (formData: FormData) => FormData,
): ControlConfig {
  const { visibility, validators } = control;
  return {
    ...control,
    name: `${control.name}${suffix}`,
    ...(visibility ? { visibility: (formData: FormData) => visibility(view(formData)) } : {}),
    ...(validators
      ? {
          validators: validators.map(
            (validator): Validator =>
              (value, formData) =>
                validator(value, view(formData)),
          ),
        }
      : {}),
  };
}
