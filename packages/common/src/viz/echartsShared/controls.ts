/**
 * Controls the ECharts part-of-whole, distribution and flow charts share (labels, legend, totals,
 * formats), on top of viz/shared/controls. Their texts live under viz.types.echartsShared.
 */
import { nonEmpty } from '../../validation/index.ts';
import { SEQUENTIAL_SCHEMES } from '../colors.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelSection, FormData } from '../types.ts';
import { LABEL_TYPES, type LabelType } from './labelType.ts';
import { LEGEND_ORIENTATIONS, LEGEND_TYPES } from './legend.ts';

export const SHARED_KEYS = 'viz.types.echartsShared';
export const DEFAULT_SEQUENTIAL_SCHEME = 'superset_seq_1';

export type SectionName = 'query' | 'chartOptions' | 'labels' | 'legend';

export function section(
  name: SectionName,
  controlRows: ControlConfig[][],
  expanded = true,
): ControlPanelSection {
  return { labelKey: `${SHARED_KEYS}.sections.${name}`, expanded, controlRows };
}

/** A column or metric control that must have a value. */
export function required(control: ControlConfig): ControlConfig {
  return { ...control, validators: [...(control.validators ?? []), nonEmpty] };
}

export function rowLimit(defaultValue: number): ControlConfig {
  return { ...sharedControls.row_limit, default: defaultValue };
}

export const sortByMetric: ControlConfig = {
  name: 'sort_by_metric',
  type: 'CheckboxControl',
  labelKey: `${SHARED_KEYS}.controls.sortByMetric`,
  descriptionKey: `${SHARED_KEYS}.controls.sortByMetricDescription`,
  default: true,
};

export const numberFormat: ControlConfig = { ...sharedControls.y_axis_format, name: 'number_format' };
export const currencyFormat: ControlConfig = sharedControls.currency_format;
export const dateFormat: ControlConfig = { ...sharedControls.x_axis_time_format, name: 'date_format' };
export const colorScheme: ControlConfig = sharedControls.color_scheme;

export const linearColorScheme: ControlConfig = {
  name: 'linear_color_scheme',
  type: 'ColorSchemeControl',
  labelKey: `${SHARED_KEYS}.controls.linearColorScheme`,
  default: DEFAULT_SEQUENTIAL_SCHEME,
  choices: SEQUENTIAL_SCHEMES.map((scheme) => ({ value: scheme.id, labelKey: scheme.labelKey })),
  renderTrigger: true,
};

export function showLabels(defaultValue: boolean): ControlConfig {
  return {
    name: 'show_labels',
    type: 'CheckboxControl',
    labelKey: `${SHARED_KEYS}.controls.showLabels`,
    descriptionKey: `${SHARED_KEYS}.controls.showLabelsDescription`,
    default: defaultValue,
    renderTrigger: true,
  };
}

export function labelType(
  choices: readonly LabelType[],
  defaultValue: LabelType,
  name = 'label_type',
  labelKey = `${SHARED_KEYS}.controls.labelType`,
): ControlConfig {
  return {
    name,
    type: 'SelectControl',
    labelKey,
    descriptionKey: `${SHARED_KEYS}.controls.labelTypeDescription`,
    default: defaultValue,
    choices: LABEL_TYPES.filter((type) => choices.includes(type)).map((value) => ({
      value,
      labelKey: `${SHARED_KEYS}.labelTypes.${value}`,
    })),
    renderTrigger: true,
  };
}

export const showTotal: ControlConfig = {
  name: 'show_total',
  type: 'CheckboxControl',
  labelKey: `${SHARED_KEYS}.controls.showTotal`,
  descriptionKey: `${SHARED_KEYS}.controls.showTotalDescription`,
  default: false,
  renderTrigger: true,
};

const legendShown = (formData: FormData) => formData.show_legend !== false;

/** Show legend, its type, side and margin (Superset's legend section). */
export const legendControls: ControlConfig[][] = [
  [sharedControls.show_legend],
  [
    {
      name: 'legendType',
      type: 'SelectControl',
      labelKey: `${SHARED_KEYS}.controls.legendType`,
      default: 'scroll',
      choices: LEGEND_TYPES.map((value) => ({ value, labelKey: `${SHARED_KEYS}.legendTypes.${value}` })),
      renderTrigger: true,
      visibility: legendShown,
    },
    {
      name: 'legendOrientation',
      type: 'SelectControl',
      labelKey: `${SHARED_KEYS}.controls.legendOrientation`,
      default: 'top',
      choices: LEGEND_ORIENTATIONS.map((value) => ({
        value,
        labelKey: `${SHARED_KEYS}.legendOrientations.${value}`,
      })),
      renderTrigger: true,
      visibility: legendShown,
    },
  ],
  [
    {
      name: 'legendMargin',
      type: 'NumberControl',
      labelKey: `${SHARED_KEYS}.controls.legendMargin`,
      descriptionKey: `${SHARED_KEYS}.controls.legendMarginDescription`,
      min: 0,
      clearable: true,
      renderTrigger: true,
      visibility: legendShown,
    },
  ],
];
