/** The controls of the big number with trendline, as Superset offers them. */
import { integer } from '../../validation/index.ts';
import {
  forceTimestampFormatting,
  headerFontSize,
  numberFormat,
  subheaderFontSize,
  timeFormat,
} from '../bigNumberTotal/controls.ts';
import { DEFAULT_FIXED_COLOR, sharedControls } from '../shared/controls.ts';
import { NO_FILTER } from '../shared/query.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';
import { ROLLING_TYPES } from './buildQuery.ts';

const KEYS = 'viz.types.bigNumber';

function control(
  name: string,
  key: string,
  type: ControlConfig['type'],
  extra: Partial<ControlConfig> = {},
): ControlConfig {
  return {
    name,
    type,
    labelKey: `${KEYS}.controls.${key}`,
    descriptionKey: `${KEYS}.controls.${key}Description`,
    ...extra,
  };
}

const hasTimeRange = (formData: Record<string, unknown>) =>
  (formData.adhoc_filters as Array<Record<string, unknown>> | undefined)?.some(
    (filter) => filter.operator === 'TEMPORAL_RANGE' && filter.comparator && filter.comparator !== NO_FILTER,
  ) === true ||
  (typeof formData.time_range === 'string' &&
    formData.time_range !== '' &&
    formData.time_range !== NO_FILTER);

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: `${KEYS}.sections.query`,
      expanded: true,
      controlRows: [
        [sharedControls.x_axis],
        [sharedControls.time_grain_sqla],
        [sharedControls.metric],
        [sharedControls.adhoc_filters],
      ],
    },
    {
      labelKey: `${KEYS}.sections.options`,
      expanded: true,
      controlRows: [
        [control('compare_lag', 'compareLag', 'TextControl', { validators: [integer] })],
        [control('compare_suffix', 'compareSuffix', 'TextControl')],
        [
          control('show_timestamp', 'showTimestamp', 'CheckboxControl', {
            default: false,
            renderTrigger: true,
          }),
        ],
        [
          control('show_trend_line', 'showTrendLine', 'CheckboxControl', {
            default: true,
            renderTrigger: true,
          }),
        ],
        [
          control('start_y_axis_at_zero', 'startYAxisAtZero', 'CheckboxControl', {
            default: true,
            renderTrigger: true,
          }),
        ],
        [
          control('time_range_fixed', 'timeRangeFixed', 'CheckboxControl', {
            default: false,
            renderTrigger: true,
            visibility: hasTimeRange,
          }),
        ],
      ],
    },
    {
      labelKey: `${KEYS}.sections.chartOptions`,
      expanded: true,
      controlRows: [
        [
          {
            name: 'color_picker',
            type: 'ColorPickerControl',
            labelKey: `${KEYS}.controls.colorPicker`,
            default: DEFAULT_FIXED_COLOR,
            renderTrigger: true,
          },
        ],
        [headerFontSize],
        [subheaderFontSize],
        [numberFormat],
        [sharedControls.currency_format],
        [timeFormat],
        [forceTimestampFormatting],
      ],
    },
    {
      labelKey: `${KEYS}.sections.advancedAnalytics`,
      expanded: false,
      controlRows: [
        [
          control('rolling_type', 'rollingType', 'SelectControl', {
            default: 'None',
            choices: ['None', ...ROLLING_TYPES].map((value) => ({
              value,
              labelKey: `${KEYS}.rollingTypes.${value}`,
            })),
          }),
        ],
        [control('rolling_periods', 'rollingPeriods', 'TextControl', { validators: [integer] })],
        [control('min_periods', 'minPeriods', 'TextControl', { validators: [integer] })],
      ],
    },
  ],
};
