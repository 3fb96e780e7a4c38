/**
 * Controls both big numbers share, with Superset's choices: the font sizes as proportions of the
 * chart's height, the number and date formats and forcing the date format.
 */
import { sharedControls, TIME_FORMAT_CHOICES } from '../shared/controls.ts';
import type { ControlConfig } from '../types.ts';

export const KEYS = 'viz.types.bigNumberTotal';

const SIZE_NAMES = ['tiny', 'small', 'normal', 'large', 'huge'] as const;
export const HEADER_FONT_SIZES = [0.2, 0.3, 0.4, 0.5, 0.6] as const;
export const SUBHEADER_FONT_SIZES = [0.125, 0.15, 0.2, 0.3, 0.4] as const;
export const DEFAULT_HEADER_FONT_SIZE = 0.4;
export const DEFAULT_SUBHEADER_FONT_SIZE = 0.15;

function fontSize(name: string, key: string, sizes: readonly number[], defaultValue: number): ControlConfig {
  return {
    name,
    type: 'SelectControl',
    labelKey: `${KEYS}.controls.${key}`,
    default: defaultValue,
    clearable: false,
    choices: sizes.map((value, i) => ({ value, labelKey: `${KEYS}.fontSizes.${SIZE_NAMES[i]}` })),
    renderTrigger: true,
  };
}

export const headerFontSize = fontSize(
  'header_font_size',
  'headerFontSize',
  HEADER_FONT_SIZES,
  DEFAULT_HEADER_FONT_SIZE,
);
export const subheaderFontSize = fontSize(
  'subheader_font_size',
  'subheaderFontSize',
  SUBHEADER_FONT_SIZES,
  DEFAULT_SUBHEADER_FONT_SIZE,
);

export const numberFormat: ControlConfig = {
  ...sharedControls.y_axis_format,
  labelKey: `${KEYS}.controls.numberFormat`,
};

export const timeFormat: ControlConfig = {
  name: 'time_format',
  type: 'TimeFormatControl',
  labelKey: `${KEYS}.controls.timeFormat`,
  freeForm: true,
  default: 'smart_date',
  choices: TIME_FORMAT_CHOICES,
  renderTrigger: true,
};

export const forceTimestampFormatting: ControlConfig = {
  name: 'force_timestamp_formatting',
  type: 'CheckboxControl',
  labelKey: `${KEYS}.controls.forceTimestampFormatting`,
  descriptionKey: `${KEYS}.controls.forceTimestampFormattingDescription`,
  default: false,
  renderTrigger: true,
};

export const subheader: ControlConfig = {
  name: 'subheader',
  type: 'TextControl',
  labelKey: `${KEYS}.controls.subheader`,
  descriptionKey: `${KEYS}.controls.subheaderDescription`,
  default: '',
  renderTrigger: true,
};
