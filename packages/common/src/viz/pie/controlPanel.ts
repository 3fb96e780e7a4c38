/** Pie: Superset's form-data keys (groupby, metric, label_type, donut, innerRadius, outerRadius…). */
import {
  colorScheme,
  currencyFormat,
  dateFormat,
  labelType,
  legendControls,
  numberFormat,
  rowLimit,
  section,
  showLabels,
  showTotal,
  sortByMetric,
} from '../echartsShared/controls.ts';
import { LABEL_TYPES } from '../echartsShared/labelType.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlPanelConfig, FormData } from '../types.ts';

const KEYS = 'viz.types.pie.controls';
const labelsShown = (formData: FormData) => formData.show_labels !== false;

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [sharedControls.groupby],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(100)],
      [sortByMetric],
    ]),
    section('chartOptions', [
      [colorScheme],
      [
        {
          name: 'show_labels_threshold',
          type: 'NumberControl',
          labelKey: `${KEYS}.showLabelsThreshold`,
          descriptionKey: `${KEYS}.showLabelsThresholdDescription`,
          default: 5,
          min: 0,
          max: 100,
          renderTrigger: true,
        },
      ],
      ...legendControls,
    ]),
    section('labels', [
      [labelType(LABEL_TYPES, 'key')],
      [numberFormat],
      [currencyFormat],
      [dateFormat],
      [showLabels(true)],
      [
        {
          name: 'labels_outside',
          type: 'CheckboxControl',
          labelKey: `${KEYS}.labelsOutside`,
          default: true,
          renderTrigger: true,
          visibility: labelsShown,
        },
        {
          name: 'label_line',
          type: 'CheckboxControl',
          labelKey: `${KEYS}.labelLine`,
          descriptionKey: `${KEYS}.labelLineDescription`,
          default: false,
          renderTrigger: true,
          visibility: (formData) => labelsShown(formData) && formData.labels_outside !== false,
        },
      ],
      [showTotal],
    ]),
    {
      labelKey: 'viz.types.pie.sections.shape',
      expanded: true,
      controlRows: [
        [
          {
            name: 'outerRadius',
            type: 'SliderControl',
            labelKey: `${KEYS}.outerRadius`,
            descriptionKey: `${KEYS}.outerRadiusDescription`,
            default: 70,
            min: 10,
            max: 100,
            step: 1,
            renderTrigger: true,
          },
        ],
        [
          {
            name: 'donut',
            type: 'CheckboxControl',
            labelKey: `${KEYS}.donut`,
            default: false,
            renderTrigger: true,
          },
        ],
        [
          {
            name: 'innerRadius',
            type: 'SliderControl',
            labelKey: `${KEYS}.innerRadius`,
            descriptionKey: `${KEYS}.innerRadiusDescription`,
            default: 30,
            min: 0,
            max: 100,
            step: 1,
            renderTrigger: true,
            visibility: (formData) => formData.donut === true,
          },
        ],
      ],
    },
  ],
};
