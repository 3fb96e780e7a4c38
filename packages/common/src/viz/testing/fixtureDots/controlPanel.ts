import { section } from '../../echartsShared/controls.ts';
import { sharedControls } from '../../shared/controls.ts';
import type { ControlPanelConfig } from '../../types.ts';

export const controlPanel: ControlPanelConfig = {
  sections: [
    section('query', [[sharedControls.groupby], [sharedControls.metric], [sharedControls.adhoc_filters]]),
    section('chartOptions', [
      [
        {
          name: 'dot_size',
          type: 'NumberControl',
          labelKey: 'viz.types.fixtureDots.controls.dotSize',
          default: 8,
          min: 1,
          renderTrigger: true,
        },
      ],
    ]),
  ],
};
