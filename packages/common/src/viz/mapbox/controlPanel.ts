/**
 * The MapBox chart's controls, by Superset's form-data names: longitude (all_columns_x), latitude
 * (all_columns_y), a label (mapbox_label), a point radius metric (point_radius), the row limit and the
 * map style (mapbox_style: a standard style or any mapbox://styles/ address).
 */
import { mapboxUrl, nonEmpty } from '../../validation/index.ts';
import { rowLimit } from '../echartsShared/controls.ts';
import { sharedControls } from '../shared/controls.ts';
import type { ControlConfig, ControlPanelConfig } from '../types.ts';
import { DEFAULT_MAPBOX_STYLE, MAPBOX_STYLES } from './styleUrl.ts';

const KEYS = 'viz.types.mapbox';

/** The default row limit: a map of more points than this is a cloud, not points. */
export const DEFAULT_MAPBOX_ROW_LIMIT = 5000;

function column(name: string, key: string, extra: Partial<ControlConfig> = {}): ControlConfig {
  return {
    name,
    type: 'ColumnControl',
    labelKey: `${KEYS}.controls.${key}`,
    descriptionKey: `${KEYS}.controls.${key}Description`,
    ...extra,
  };
}

export const mapboxStyleControl: ControlConfig = {
  name: 'mapbox_style',
  type: 'SelectControl',
  labelKey: `${KEYS}.controls.mapboxStyle`,
  descriptionKey: `${KEYS}.controls.mapboxStyleDescription`,
  default: DEFAULT_MAPBOX_STYLE,
  freeForm: true,
  choices: MAPBOX_STYLES.map((style) => ({ value: style.value, labelKey: `${KEYS}.styles.${style.key}` })),
  validators: [mapboxUrl],
  renderTrigger: true,
};

export const controlPanel: ControlPanelConfig = {
  sections: [
    {
      labelKey: `${KEYS}.sections.query`,
      expanded: true,
      controlRows: [
        [column('all_columns_x', 'longitude', { validators: [nonEmpty] })],
        [column('all_columns_y', 'latitude', { validators: [nonEmpty] })],
        [column('mapbox_label', 'label', { clearable: true })],
        [
          {
            ...sharedControls.metric,
            name: 'point_radius',
            labelKey: `${KEYS}.controls.pointRadius`,
            descriptionKey: `${KEYS}.controls.pointRadiusDescription`,
            clearable: true,
            validators: [],
          },
        ],
        [sharedControls.adhoc_filters],
        [rowLimit(DEFAULT_MAPBOX_ROW_LIMIT)],
      ],
    },
    {
      labelKey: `${KEYS}.sections.map`,
      expanded: true,
      controlRows: [[mapboxStyleControl]],
    },
  ],
};
