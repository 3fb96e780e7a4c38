import { useQueryClient } from '@tanstack/react-query';
import {
  createLabelColorMap,
  type DashboardDto,
  type DashboardMetadata,
  type LabelColorMap,
  labelColorsChanged,
  mergedLabelColors,
} from '@vitrina/common';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../../components/index.ts';
import { fetchDashboard, putDashboard } from '../actions/dashboardApi.ts';
import { updateCachedDashboard } from '../actions/dashboardCache.ts';
import { parseMetadata } from '../loadSession.ts';
import { labelColorSeed } from './sharedLabelColors.ts';

/** Charts draw one after another: the map is saved once they have been quiet this long. */
export const LABEL_COLOR_SYNC_DELAY_MS = 1000;

/**
 * The page's one label colour map. It lives as long as the dashboard's scheme and chosen colours stay
 * the same, so a filter, a cross-filter, a scoping save or entering edit mode never recolours a label;
 * another scheme starts a map of its own.
 */
export function useLabelColorMap(metadata: DashboardMetadata): LabelColorMap {
  const key = JSON.stringify([metadata.color_scheme ?? null, metadata.label_colors ?? {}]);
  const current = useRef<{ key: string; map: LabelColorMap } | null>(null);
  if (current.current?.key !== key) {
    current.current = { key, map: createLabelColorMap(labelColorSeed(metadata)) };
  }
  return current.current.map;
}

interface LabelColorSyncOptions {
  dashboard: DashboardDto;
  /** Only those who may edit the dashboard save its colours. */
  canSave: boolean;
  /** An edit session saves the metadata itself; the sync waits for it to end. */
  editing: boolean;
}

/**
 * Saves the colours the charts took (map_label_colors, shared_label_colors) into the stored
 * json_metadata with a PUT carrying only json_metadata, as Superset does, once new labels have been
 * coloured; the next visit, permalink or filtered view starts from them. One failure a visit is told.
 */
export function useLabelColorSync(
  map: LabelColorMap,
  { dashboard, canSave, editing }: LabelColorSyncOptions,
) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const queryClient = useQueryClient();
  const stored = useRef(dashboard);
  stored.current = dashboard;
  const state = useRef({ saving: false, failed: false });

  useEffect(() => {
    if (!canSave || editing) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let active = true;
    const sync = async () => {
      if (!active || state.current.saving || state.current.failed) return;
      const { id, json_metadata } = stored.current;
      const saved = parseMetadata(json_metadata);
      const current = map.saved();
      if (!labelColorsChanged(saved, current)) return;
      const jsonMetadata = JSON.stringify({ ...saved, ...mergedLabelColors(saved, current) });
      state.current.saving = true;
      try {
        await putDashboard(id, { json_metadata: jsonMetadata });
      } catch {
        state.current = { saving: false, failed: true };
        addDangerToast(t('dashboardActions.labelColors.saveFailed'));
        return;
      }
      // The stored version fields too, so the next save's stale check compares with this write.
      const fresh = await fetchDashboard(id).catch(() => null);
      updateCachedDashboard(queryClient, id, (cached) => ({
        ...cached,
        json_metadata: jsonMetadata,
        ...(fresh
          ? {
              changed_on: fresh.changed_on,
              changed_on_delta_humanized: fresh.changed_on_delta_humanized,
              changed_by_name: fresh.changed_by_name,
              changed_by: fresh.changed_by,
            }
          : {}),
      }));
      state.current.saving = false;
      addSuccessToast(t('dashboardActions.labelColors.saved'));
      // Labels coloured while this one was saving.
      schedule();
    };
    // Labels are coloured while charts render: the listener only (re)starts the timer.
    function schedule() {
      if (!active) return;
      clearTimeout(timer);
      timer = setTimeout(() => void sync(), LABEL_COLOR_SYNC_DELAY_MS);
    }
    schedule();
    const stop = map.onNewLabel(schedule);
    return () => {
      active = false;
      stop();
      clearTimeout(timer);
    };
  }, [map, canSave, editing, t, addSuccessToast, addDangerToast, queryClient]);
}
