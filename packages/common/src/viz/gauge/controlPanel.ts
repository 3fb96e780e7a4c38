/** Gauge: Superset's form-data keys (min_val, max_val, start_angle, intervals, interval_color_indices…). */
import { number } from '../../validation/index.ts';
import {
  colorScheme,
  currencyFormat,
  numberFormat,
  rowLimit,
  section,
  sortByMetric,
} from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig, Validator } from '../types.ts';
import { parseNumberList } from './intervals.ts';

const KEYS = 'viz.types.gauge.controls';

/** A comma-separated list of numbers (intervals, colour indices). */
export const numberList: Validator = (value) =>
  parseNumberList(value) === null ? { key: 'viz.types.gauge.validation.numberList' } : null;

function checkbox(name: string, key: string, defaultValue: boolean, description = false): ControlConfig {
  return {
    name,
    type: 'CheckboxControl',
    labelKey: `${KEYS}.${key}`,
    ...(description ? { descriptionKey: `${KEYS}.${key}Description` } : {}),
    default: defaultValue,
    renderTrigger: true,
  };
}

function numberInput(name: string, key: string, defaultValue?: number): ControlConfig {
  return {
    name,
    type: 'NumberControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    ...(defaultValue === undefined ? { clearable: true } : { default: defaultValue }),
    validators: [number],
    renderTrigger: true,
  };
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [sharedControls.groupby],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(10)],
      [sortByMetric],
    ]),
    section('chartOptions', [
      [numberInput('min_val', 'minVal'), numberInput('max_val', 'maxVal')],
      [numberInput('start_angle', 'startAngle', 225), numberInput('end_angle', 'endAngle', -45)],
      [colorScheme],
      [
        {
          name: 'font_size',
          type: 'SliderControl',
          labelKey: `${KEYS}.fontSize`,
          descriptionKey: `${KEYS}.fontSizeDescription`,
          default: 15,
          min: 10,
          max: 20,
          step: 1,
          renderTrigger: true,
        },
      ],
      [numberFormat],
      [currencyFormat],
      [
        {
          name: 'value_formatter',
          type: 'TextControl',
          labelKey: `${KEYS}.valueFormatter`,
          descriptionKey: `${KEYS}.valueFormatterDescription`,
          default: '{value}',
          renderTrigger: true,
        },
      ],
      [checkbox('show_pointer', 'showPointer', true), checkbox('animation', 'animation', true, true)],
    ]),
    {
      labelKey: 'viz.types.gauge.sections.axis',
      expanded: true,
      controlRows: [
        [
          checkbox('show_axis_line_ticks', 'showAxisLineTicks', false),
          checkbox('show_split_line', 'showSplitLine', false),
        ],
        [
          {
            name: 'split_number',
            type: 'SliderControl',
            labelKey: `${KEYS}.splitNumber`,
            descriptionKey: `${KEYS}.splitNumberDescription`,
            default: 10,
            min: 3,
            max: 30,
            step: 1,
            renderTrigger: true,
          },
        ],
      ],
    },
    {
      labelKey: 'viz.types.gauge.sections.progress',
      expanded: true,
      controlRows: [
        [checkbox('show_progress', 'showProgress', true, true)],
        [checkbox('overlap', 'overlap', true, true), checkbox('round_cap', 'roundCap', false, true)],
      ],
    },
    {
      labelKey: 'viz.types.gauge.sections.intervals',
      expanded: true,
      controlRows: [
        [
          {
            name: 'intervals',
            type: 'TextControl',
            labelKey: `${KEYS}.intervals`,
            descriptionKey: `${KEYS}.intervalsDescription`,
            default: '',
            validators: [numberList],
            renderTrigger: true,
          },
        ],
        [
          {
            name: 'interval_color_indices',
            type: 'TextControl',
            labelKey: `${KEYS}.intervalColorIndices`,
            descriptionKey: `${KEYS}.intervalColorIndicesDescription`,
            default: '',
            validators: [numberList],
            renderTrigger: true,
          },
        ],
      ],
    },
  ],
};
