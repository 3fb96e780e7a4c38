/**
 * What explore opens with, from `GET /api/v1/explore/`: the draft's first state (migrated form data of
 * the saved chart, the permalink or a new chart), the chart type the URL asked for, and what to warn
 * about (a chart type this app does not know).
 */
import type { ChartPlugin, ExploreResponse, VizType } from '@vitrina/common';
import { type ExploreState, initialExploreState } from './exploreReducer.ts';
import {
  BUILT_IN_EXPLORE_DEFAULTS,
  type ExploreDefaults,
  prepareFormData,
  resolveVizType,
  switchVizType,
} from './formData.ts';

export interface Opening {
  state: ExploreState;
  /** A viz_type from the chart or the URL that no plugin draws; the chart opened as a table. */
  unknownVizType: string | null;
  sliceNameRu: string | null;
}

export function openExplore(
  response: ExploreResponse,
  requestedVizType: string | null,
  pluginOf: (vizType: VizType) => ChartPlugin,
  defaults: ExploreDefaults = BUILT_IN_EXPLORE_DEFAULTS,
): Opening {
  const { dataset, slice } = response;
  const raw = { ...(slice?.form_data ?? {}), ...(response.form_data ?? {}) };
  // A new chart (no saved type) starts as the configured default type.
  const saved = resolveVizType(raw.viz_type, defaults.vizType);
  let formData = prepareFormData(raw, pluginOf(saved.vizType), dataset, defaults.timeFilter);
  let unknownVizType = saved.unknown;

  if (requestedVizType) {
    const requested = resolveVizType(requestedVizType);
    if (requested.unknown) unknownVizType = requested.unknown;
    else if (requested.vizType !== formData.viz_type)
      formData = switchVizType(formData, pluginOf(requested.vizType), dataset);
  }
  if (slice) formData = { ...formData, slice_id: slice.slice_id };

  return {
    state: initialExploreState({
      formData,
      sliceName: slice?.slice_name ?? '',
      slice: slice
        ? {
            id: slice.slice_id,
            owners: slice.owners,
            dashboards: slice.dashboards,
            formData: slice.form_data,
          }
        : null,
    }),
    unknownVizType,
    sliceNameRu: slice?.slice_name_ru ?? null,
  };
}
