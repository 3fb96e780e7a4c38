import type { ChartDataResult, DatasourceMeta, FormData } from '@vitrina/common';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlag } from '../../../api/featureFlags.ts';
import type { ChartFrameProps, EChartsEventHandler } from '../../../viz/index.ts';
import { useDashboardContext } from '../context.ts';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import {
  type CrossFilterSelection,
  crossFilterTarget,
  selectionFromCell,
  selectionFromClick,
} from './clickTarget.ts';
import { highlightSelection } from './highlight.ts';
import { selectedOf, toggledMask } from './selection.ts';

/** Cross-filters are on when the server's flag is and the dashboard does not turn them off. */
export function useCrossFiltersEnabled(): boolean {
  const { session } = useDashboardContext();
  const flag = useFeatureFlag('DASHBOARD_CROSS_FILTERS');
  return flag && session.metadata.cross_filters_enabled !== false;
}

/** What the chart frame takes to emit and show a chart's cross-filter. */
export type ChartCrossFilterProps = Pick<
  ChartFrameProps,
  'onEvents' | 'decorateOption' | 'onCrossFilter' | 'crossFilterSelection'
>;

interface ChartView {
  formData: FormData | null;
  datasource: DatasourceMeta | null;
  queriesData: ChartDataResult[] | null;
}

const NONE: ChartCrossFilterProps = {};

/**
 * A dashboard chart's cross-filter: a click on a bar, slice or dimension cell sets the chart's mask
 * (keyed by its id) at once, a second click on the same value clears it, and the chart draws what
 * it selected. Nothing while editing, or where the chart type or its form data cannot cross-filter.
 */
export function useChartCrossFilter(chartId: number, view: ChartView): ChartCrossFilterProps {
  const { t } = useTranslation();
  const { session } = useDashboardContext();
  const enabled = useCrossFiltersEnabled() && !session.editing;
  const masks = useOptionalDataMask();
  const { formData, datasource, queriesData } = view;
  const key = String(chartId);
  const mask = masks?.dataMask[key];

  // Keyed on whether there is a selection context, not on its value: the target stays the same
  // object while masks change, so the chart's option is not rebuilt for other filters' changes.
  const hasMasks = masks !== null;
  const target = useMemo(
    () =>
      enabled && hasMasks && formData ? crossFilterTarget(formData.viz_type, formData, datasource) : null,
    [enabled, hasMasks, formData, datasource],
  );

  // The handlers read the latest mask and data at call time, so ECharts binds them once.
  const latest = useRef({ mask, queriesData, masks });
  latest.current = { mask, queriesData, masks };
  const emit = useCallback(
    (selection: CrossFilterSelection | null) => {
      const { mask: current, masks: context } = latest.current;
      if (!selection || !context) return;
      const label = selection.value === null ? t('crossFilters.chip.nullValue') : String(selection.value);
      context.setDataMask(key, toggledMask(current, selection, label));
    },
    [key, t],
  );

  const selected = useMemo(() => selectedOf(mask), [mask]);
  const horizontal = formData?.orientation === 'horizontal';
  const selectedValues =
    selected && target && 'column' in target && selected.column === target.column ? selected.values : null;

  const onEvents = useMemo<Record<string, EChartsEventHandler> | undefined>(
    () =>
      target && target.kind !== 'cell'
        ? { click: (params) => emit(selectionFromClick(target, params, latest.current.queriesData)) }
        : undefined,
    [target, emit],
  );
  const decorateOption = useMemo(
    () =>
      target && selectedValues
        ? (option: Record<string, unknown>) =>
            highlightSelection(option, target, selectedValues, { horizontal, queriesData })
        : undefined,
    [target, selectedValues, horizontal, queriesData],
  );
  const onCrossFilter = useMemo(
    () =>
      target?.kind === 'cell'
        ? (column: string, value: unknown) => emit(selectionFromCell(column, value))
        : undefined,
    [target, emit],
  );

  if (!target) return NONE;
  return {
    ...(onEvents ? { onEvents } : {}),
    ...(decorateOption ? { decorateOption } : {}),
    ...(onCrossFilter ? { onCrossFilter, crossFilterSelection: selected } : {}),
  };
}
