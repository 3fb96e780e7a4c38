import type { AdhocFilter, FormData } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { barPlugin, dataset } from '../testing/fixtures.ts';
import { adhocFiltersForSave, buildChartPayload, formDataForSave } from './savePayload.ts';

const timeRange = (comparator: string, isExtra?: boolean): AdhocFilter => ({
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'order_ts',
  operator: 'TEMPORAL_RANGE',
  comparator,
  ...(isExtra ? { isExtra } : {}),
});
const region: AdhocFilter = {
  expressionType: 'SIMPLE',
  clause: 'WHERE',
  subject: 'region',
  operator: 'IN',
  comparator: ['Asia Pacific'],
};
const formData = (filters: AdhocFilter[], extra: Record<string, unknown> = {}): FormData => ({
  datasource: '7__table',
  viz_type: 'echarts_timeseries_bar',
  metrics: ['count'],
  adhoc_filters: filters,
  ...extra,
});

describe('adhocFiltersForSave (the No filter rule)', () => {
  it('saves the chart’s own filters as they are', () => {
    expect(adhocFiltersForSave(formData([region, timeRange('Last year')]), null)).toEqual([
      region,
      timeRange('Last year'),
    ]);
  });

  it('drops filters a dashboard added but keeps its time range filter as No filter', () => {
    const saved = adhocFiltersForSave(formData([region, timeRange('Last week', true)]), null);
    expect(saved).toEqual([region, timeRange('No filter', true)]);
  });

  it('does not re-add a dashboard time range when the chart has one of its own', () => {
    expect(
      adhocFiltersForSave(formData([timeRange('Last year'), timeRange('Last week', true)]), null),
    ).toEqual([timeRange('Last year')]);
  });

  it('brings back the saved chart’s time range filters as No filter when none is left', () => {
    const savedChart = formData([timeRange('Last quarter'), region]);
    expect(adhocFiltersForSave(formData([]), savedChart)).toEqual([timeRange('No filter')]);
  });

  it('recognises Superset’s operatorId spelling', () => {
    const filter: AdhocFilter = {
      ...region,
      operator: 'in range',
      operatorId: 'TEMPORAL_RANGE',
      isExtra: true,
    };
    expect(adhocFiltersForSave(formData([filter]), null)).toEqual([{ ...filter, comparator: 'No filter' }]);
  });
});

describe('formDataForSave', () => {
  it('drops session keys and sets the chart id only when overwriting', () => {
    const draft = formData([], { slice_id: 3, url_params: { a: '1' }, force: true });
    const asNew = formDataForSave(draft, { sliceId: null, savedFormData: null });
    expect(asNew).not.toHaveProperty('slice_id');
    expect(asNew).not.toHaveProperty('url_params');
    expect(asNew).not.toHaveProperty('force');
    expect(formDataForSave(draft, { sliceId: 3, savedFormData: null }).slice_id).toBe(3);
  });
});

describe('buildChartPayload', () => {
  it('sends the form data as params and the built query context for a new chart', () => {
    const payload = buildChartPayload({
      formData: formData([timeRange('Last week', true)], { slice_id: 3 }),
      sliceName: '  Orders per day ',
      dataset,
      plugin: barPlugin,
      overwrite: null,
      dashboardId: 9,
    });
    expect(payload).toMatchObject({
      slice_name: 'Orders per day',
      viz_type: 'echarts_timeseries_bar',
      datasource_id: 7,
      datasource_type: 'table',
      dashboards: [9],
    });
    const params = JSON.parse(payload.params ?? '{}') as FormData;
    expect(params.adhoc_filters).toEqual([timeRange('No filter', true)]);
    expect(params).not.toHaveProperty('slice_id');
    const queryContext = JSON.parse(payload.query_context ?? '{}');
    expect(queryContext).toMatchObject({
      datasource: { id: 7, type: 'table' },
      queries: [{ metrics: ['count'] }],
      result_format: 'json',
      result_type: 'full',
    });
    expect(queryContext.form_data.adhoc_filters).toEqual(params.adhoc_filters);
  });

  it('keeps the overwritten chart on its dashboards and adds the chosen one once', () => {
    const payload = buildChartPayload({
      formData: formData([]),
      sliceName: 'Orders',
      dataset,
      plugin: barPlugin,
      overwrite: { id: 12, formData: formData([]), dashboards: [4, 9] },
      dashboardId: 9,
    });
    expect(payload.dashboards).toEqual([4, 9]);
    expect(JSON.parse(payload.params ?? '{}').slice_id).toBe(12);
  });
});
