/**
 * The explore draft (DESIGN §3.11): the form data being edited, what the last run asked for, and
 * whether anything differs from what is saved. Pure, so the rules are unit-tested; the screen holds it
 * with useReducer. Plugin-dependent facts (defaults, renderTrigger) come in actions and arguments, so
 * this module does not reach into the chart registry. The chart's request status (loading, success,
 * failed, stopped) lives with the request, in viz/useChartData.
 */
import type {
  ChartPlugin,
  ControlConfig,
  ControlPanelConfig,
  ExploreDataset,
  FormData,
} from '@vitrina/common';
import { changedKeys, panelControls, sameValue, switchVizType } from './formData.ts';

/** The saved chart explore edits, if any. */
export interface SavedSlice {
  id: number;
  owners: number[];
  dashboards: number[];
  /** The form data as saved, for the save's temporal range rule. */
  formData: Record<string, unknown>;
}

export interface ExploreState {
  formData: FormData;
  sliceName: string;
  slice: SavedSlice | null;
  /** What "saved" means for the dirty flag: the chart's saved form data, or the opening one for a new chart. */
  baseline: { formData: FormData; sliceName: string };
  dirty: boolean;
  /** Form data of the last Run; null before the first. The chart draws its data with this. */
  lastRunFormData: FormData | null;
  /** Counts runs: Run with unchanged form data still asks again. */
  runId: number;
  /** The last run bypasses the cache (force refresh). */
  force: boolean;
}

export type ExploreAction =
  | { type: 'setControl'; control: Pick<ControlConfig, 'name'>; value: unknown }
  | { type: 'setVizType'; plugin: ChartPlugin; dataset: ExploreDataset }
  | { type: 'setSliceName'; sliceName: string }
  | { type: 'run'; force?: boolean }
  | { type: 'saved'; slice: SavedSlice; sliceName: string }
  /** The chart's properties were saved on their own (its name among them). */
  | { type: 'propertiesSaved'; sliceName: string; owners: number[] };

export function initialExploreState(args: {
  formData: FormData;
  sliceName: string;
  slice: SavedSlice | null;
}): ExploreState {
  return {
    formData: args.formData,
    sliceName: args.sliceName,
    slice: args.slice,
    baseline: { formData: args.formData, sliceName: args.sliceName },
    dirty: false,
    lastRunFormData: null,
    runId: 0,
    force: false,
  };
}

function withDirty(state: ExploreState): ExploreState {
  const dirty =
    state.sliceName.trim() !== state.baseline.sliceName.trim() ||
    changedKeys(state.formData, state.baseline.formData).length > 0;
  return dirty === state.dirty ? state : { ...state, dirty };
}

export function exploreReducer(state: ExploreState, action: ExploreAction): ExploreState {
  switch (action.type) {
    case 'setControl': {
      if (sameValue(state.formData[action.control.name], action.value)) return state;
      return withDirty({ ...state, formData: { ...state.formData, [action.control.name]: action.value } });
    }
    case 'setVizType': {
      if (action.plugin.vizType === state.formData.viz_type) return state;
      return withDirty({ ...state, formData: switchVizType(state.formData, action.plugin, action.dataset) });
    }
    case 'setSliceName':
      return withDirty({ ...state, sliceName: action.sliceName });
    case 'run':
      return {
        ...state,
        lastRunFormData: state.formData,
        runId: state.runId + 1,
        force: action.force === true,
      };
    case 'saved': {
      const formData = { ...state.formData, slice_id: action.slice.id };
      return withDirty({
        ...state,
        formData,
        sliceName: action.sliceName,
        slice: action.slice,
        baseline: { formData, sliceName: action.sliceName },
      });
    }
    case 'propertiesSaved':
      return withDirty({
        ...state,
        sliceName: action.sliceName,
        slice: state.slice ? { ...state.slice, owners: action.owners } : null,
        baseline: { ...state.baseline, sliceName: action.sliceName },
      });
  }
}

/** Names of a panel's controls that only redraw (renderTrigger). */
export function renderTriggerNames(panel: ControlPanelConfig): Set<string> {
  return new Set(
    panelControls(panel)
      .filter((control) => control.renderTrigger)
      .map((control) => control.name),
  );
}

/**
 * Whether the drawn chart no longer matches the controls: a control that changes the query differs
 * from the last run. renderTrigger controls redraw at once and never make the chart stale.
 */
export function isChartStale(state: ExploreState, panel: ControlPanelConfig): boolean {
  if (!state.lastRunFormData) return false;
  const redrawOnly = renderTriggerNames(panel);
  return changedKeys(state.formData, state.lastRunFormData).some((key) => !redrawOnly.has(key));
}

/**
 * The form data the chart draws with: the last run's (its data answers that query) with the current
 * values of renderTrigger controls, so they apply without a new query. After a chart type change
 * that has not run yet, the last run's type keeps drawing as it was.
 */
export function renderedFormData(state: ExploreState, panel: ControlPanelConfig): FormData | null {
  const ran = state.lastRunFormData;
  if (!ran) return null;
  if (ran.viz_type !== state.formData.viz_type) return ran;
  const next: FormData = { ...ran };
  for (const name of renderTriggerNames(panel)) {
    if (state.formData[name] === undefined) delete next[name];
    else next[name] = state.formData[name];
  }
  return next;
}
