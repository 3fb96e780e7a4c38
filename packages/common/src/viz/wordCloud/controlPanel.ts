/** Word cloud: Superset's form-data keys (series, metric, size_from, size_to, rotation…). */
import { integer, nonEmpty } from '../../validation/index.ts';
import { colorScheme, rowLimit, section, sortByMetric } from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';
import type { Rotation } from './layout.ts';

const KEYS = 'viz.types.wordCloud.controls';

export const ROTATIONS: readonly Rotation[] = ['random', 'flat', 'square'];

function fontSize(name: string, key: string, defaultValue: number): ControlConfig {
  return {
    name,
    type: 'NumberControl',
    labelKey: `${KEYS}.${key}`,
    descriptionKey: `${KEYS}.${key}Description`,
    default: defaultValue,
    min: 1,
    step: 1,
    validators: [integer],
    renderTrigger: true,
  };
}

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [
      [
        {
          name: 'series',
          type: 'ColumnControl',
          labelKey: `${KEYS}.series`,
          descriptionKey: `${KEYS}.seriesDescription`,
          validators: [nonEmpty],
        },
      ],
      [sharedControls.metric],
      [sharedControls.adhoc_filters],
      [rowLimit(100)],
      [sortByMetric],
    ]),
    section('chartOptions', [
      [fontSize('size_from', 'sizeFrom', 10), fontSize('size_to', 'sizeTo', 70)],
      [
        {
          name: 'rotation',
          type: 'SelectControl',
          labelKey: `${KEYS}.rotation`,
          descriptionKey: `${KEYS}.rotationDescription`,
          default: 'square',
          choices: ROTATIONS.map((value) => ({ value, labelKey: `${KEYS}.rotations.${value}` })),
          renderTrigger: true,
        },
      ],
      [colorScheme],
    ]),
  ],
};
