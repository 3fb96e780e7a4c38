import { describe, expect, it } from 'vitest';
import { barPlugin, dataset, numberPlugin } from '../testing/fixtures.ts';
import {
  type ExploreAction,
  type ExploreState,
  exploreReducer,
  initialExploreState,
  isChartStale,
  renderedFormData,
} from './exploreReducer.ts';
import { prepareFormData } from './formData.ts';

const panel = barPlugin.controlPanel;
const start = () =>
  initialExploreState({
    formData: prepareFormData({ metrics: ['count'] }, barPlugin, dataset),
    sliceName: '',
    slice: null,
  });

function apply(state: ExploreState, ...actions: ExploreAction[]): ExploreState {
  return actions.reduce(exploreReducer, state);
}

const set = (name: string, value: unknown): ExploreAction => ({
  type: 'setControl',
  control: { name },
  value,
});

describe('exploreReducer', () => {
  it('starts clean, without a run', () => {
    const state = start();
    expect(state).toMatchObject({ dirty: false, lastRunFormData: null, runId: 0 });
    expect(isChartStale(state, panel)).toBe(false);
  });

  it('marks the draft dirty when a control changes, and clean again when it is changed back', () => {
    const changed = apply(start(), set('row_limit', 50));
    expect(changed.dirty).toBe(true);
    expect(changed.formData.row_limit).toBe(50);
    expect(apply(changed, set('row_limit', 10000)).dirty).toBe(false);
  });

  it('returns the same state for a value that did not change', () => {
    const state = start();
    expect(exploreReducer(state, set('metrics', ['count']))).toBe(state);
  });

  it('runs with the current form data, counting runs', () => {
    const ran = apply(start(), set('row_limit', 50), { type: 'run' });
    expect(ran).toMatchObject({ runId: 1, force: false });
    expect(ran.lastRunFormData?.row_limit).toBe(50);
    expect(apply(ran, { type: 'run', force: true })).toMatchObject({ runId: 2, force: true });
  });

  it('marks the chart stale for query controls but not for renderTrigger ones', () => {
    const ran = apply(start(), { type: 'run' });
    const legend = apply(ran, set('show_legend', false));
    expect(isChartStale(legend, panel)).toBe(false);
    // The redraw-only value reaches the chart at once, with the last run's data.
    expect(renderedFormData(legend, panel)?.show_legend).toBe(false);
    const limit = apply(ran, set('row_limit', 5));
    expect(isChartStale(limit, panel)).toBe(true);
    expect(renderedFormData(limit, panel)?.row_limit).toBe(10000);
    expect(isChartStale(apply(limit, { type: 'run' }), panel)).toBe(false);
  });

  it('switches the chart type keeping shared values; the old type draws until the next run', () => {
    const ran = apply(start(), { type: 'run' });
    const switched = apply(ran, { type: 'setVizType', plugin: numberPlugin, dataset });
    expect(switched.formData.viz_type).toBe('big_number_total');
    expect(switched.formData.metric).toBe('count');
    expect(switched.dirty).toBe(true);
    expect(isChartStale(switched, numberPlugin.controlPanel)).toBe(true);
    expect(renderedFormData(switched, numberPlugin.controlPanel)?.viz_type).toBe('echarts_timeseries_bar');
  });

  it('is clean after saving, with the new chart id in the form data', () => {
    const named = apply(start(), set('row_limit', 50), { type: 'setSliceName', sliceName: 'Revenue' });
    expect(named.dirty).toBe(true);
    const saved = apply(named, {
      type: 'saved',
      sliceName: 'Revenue',
      slice: { id: 12, owners: [1], dashboards: [], formData: named.formData },
    });
    expect(saved).toMatchObject({ dirty: false, sliceName: 'Revenue', slice: { id: 12 } });
    expect(saved.formData.slice_id).toBe(12);
    expect(apply(saved, { type: 'setSliceName', sliceName: 'Revenue by day' }).dirty).toBe(true);
  });

  it('takes a name saved from the properties as the saved name, keeping other changes dirty', () => {
    const saved = apply(start(), {
      type: 'saved',
      sliceName: 'Revenue',
      slice: { id: 12, owners: [1], dashboards: [], formData: {} },
    });
    const renamed = apply(saved, { type: 'propertiesSaved', sliceName: 'Income', owners: [1, 2] });
    expect(renamed).toMatchObject({ sliceName: 'Income', dirty: false, slice: { owners: [1, 2] } });
    const edited = apply(saved, set('row_limit', 7), {
      type: 'propertiesSaved',
      sliceName: 'Income',
      owners: [1],
    });
    expect(edited.dirty).toBe(true);
  });
});
