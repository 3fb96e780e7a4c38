/** The big number's controls, as Superset's Big Number offers them. */
import { sharedControls } from '../shared/controls.ts';
import type { ControlPanelConfig } from '../types.ts';
import {
  forceTimestampFormatting,
  headerFontSize,
  KEYS,
  numberFormat,
  subheader,
  subheaderFontSize,
  timeFormat,
} from './controls.ts';

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: `${KEYS}.sections.query`,
      expanded: true,
      controlRows: [[sharedControls.metric], [sharedControls.adhoc_filters]],
    },
    {
      labelKey: `${KEYS}.sections.display`,
      expanded: true,
      controlRows: [[subheader]],
    },
    {
      labelKey: `${KEYS}.sections.chartOptions`,
      expanded: true,
      controlRows: [
        [headerFontSize],
        [subheaderFontSize],
        [numberFormat],
        [sharedControls.currency_format],
        [timeFormat],
        [forceTimestampFormatting],
        [
          {
            name: 'conditional_formatting',
            type: 'ConditionalFormattingControl',
            labelKey: `${KEYS}.controls.conditionalFormatting`,
            descriptionKey: `${KEYS}.controls.conditionalFormattingDescription`,
            default: [],
            renderTrigger: true,
          },
        ],
      ],
    },
  ],
};
