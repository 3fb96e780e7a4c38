import type { ChartDataResult, DatasourceMeta, FormData, LanguageCode } from '@vitrina/common';
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
  selectionFromDimensions,
} from './clickTarget.ts';
import { highlightSelection } from './highlight.ts';
import { selectedOf, singleColumnOf, toggledMask } from './selection.ts';

/** Cross-filters are on when the server's flag is and the dashboard does not turn them off. */
export function useCrossFiltersEnabled(): boolean {
  const { session } = useDashboardContext();
  const flag = useFeatureFlag('DASHBOARD_CROSS_FILTERS');
  return flag && session.metadata.cross_filters_enabled !== false;
}

/** What the chart frame takes to emit and show a chart's cross-filter. */
export type ChartCrossFilterProps = Pick<
  ChartFrameProps,
  | 'onEvents'
  | 'decorateOption'
  | 'onCrossFilter'
  | 'crossFilterSelection'
  | 'onCrossFilterDimensions'
  | 'crossFilterTuples'
>;

interface ChartView {
  formData: FormData | null;
  datasource: DatasourceMeta | null;
  queriesData: ChartDataResult[] | null;
}

const NONE: ChartCrossFilterProps = {};

/**
 * A dashboard chart's cross-filter: a click on a series, bar, slice, step, word, tree node, heatmap cell,
 * table dimension cell or pivot table header/cell (see CrossFilterTarget) sets the chart's mask
 * (keyed by its id) at once, a second click on the same value clears it, and the chart draws what
 * it selected. Nothing while editing, or where the chart type or its form data cannot cross-filter.
 */
export function useChartCrossFilter(chartId: number, view: ChartView): ChartCrossFilterProps {
  const { t, i18n } = useTranslation();
  const locale: LanguageCode = i18n.language.toLowerCase().startsWith('ru') ? 'ru' : 'en';
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
  const latest = useRef({ mask, masks, context: { queriesData, formData, datasource, locale } });
  latest.current = { mask, masks, context: { queriesData, formData, datasource, locale } };
  const emit = useCallback(
    (selection: CrossFilterSelection | null) => {
      const { mask: current, masks: context } = latest.current;
      if (!selection || selection.length === 0 || !context) return;
      const label = selection
        .map((pair) => (pair.value === null ? t('crossFilters.chip.nullValue') : String(pair.value)))
        .join(', ');
      context.setDataMask(key, toggledMask(current, selection, label));
    },
    [key, t],
  );

  const selected = useMemo(() => selectedOf(mask), [mask]);
  const horizontal = formData?.orientation === 'horizontal';

  const onEvents = useMemo<Record<string, EChartsEventHandler> | undefined>(
    () =>
      target && target.kind !== 'cell' && target.kind !== 'dimensions'
        ? { click: (params) => emit(selectionFromClick(target, params, latest.current.context)) }
        : undefined,
    [target, emit],
  );
  const decorateOption = useMemo(
    () =>
      target && selected
        ? (option: Record<string, unknown>) =>
            highlightSelection(option, target, selected, {
              horizontal,
              queriesData,
              formData,
              datasource,
              locale,
            })
        : undefined,
    [target, selected, horizontal, queriesData, formData, datasource, locale],
  );
  const onCrossFilter = useMemo(
    () =>
      target?.kind === 'cell'
        ? (column: string, value: unknown) => emit(selectionFromCell(column, value))
        : undefined,
    [target, emit],
  );

  const onCrossFilterDimensions = useMemo(
    () =>
      target?.kind === 'dimensions'
        ? (dimensions: Record<string, unknown>) => emit(selectionFromDimensions(target, dimensions))
        : undefined,
    [target, emit],
  );

  if (!target) return NONE;
  return {
    ...(onEvents ? { onEvents } : {}),
    ...(decorateOption ? { decorateOption } : {}),
    ...(onCrossFilter ? { onCrossFilter, crossFilterSelection: singleColumnOf(selected) } : {}),
    ...(onCrossFilterDimensions ? { onCrossFilterDimensions, crossFilterTuples: selected } : {}),
  };
}
