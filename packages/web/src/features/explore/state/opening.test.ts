import { type ExploreResponse, FORM_DATA_VERSION } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { dataset, fakePlugins } from '../testing/fixtures.ts';
import { openExplore } from './opening.ts';

const slice = (formData: Record<string, unknown>): NonNullable<ExploreResponse['slice']> => ({
  slice_id: 12,
  slice_name: 'Orders',
  slice_name_ru: 'Заказы',
  form_data: formData,
  query_context: null,
  owners: [1],
  dashboards: [4],
  changed_on: '2024-05-01T00:00:00',
  description: null,
  certified_by: null,
  certification_details: null,
  cache_timeout: null,
});

describe('openExplore', () => {
  it('opens a saved chart (migrated by the server), clean, with its id and names', () => {
    const saved = { viz_type: 'echarts_timeseries_bar', x_axis: 'order_ts', metrics: ['count'] };
    const opening = openExplore(
      { form_data: saved, dataset, slice: slice(saved), message: null, metadata: null },
      null,
      fakePlugins,
    );
    expect(opening.state.formData).toMatchObject({
      viz_type: 'echarts_timeseries_bar',
      x_axis: 'order_ts',
      slice_id: 12,
      form_data_version: FORM_DATA_VERSION,
    });
    expect(opening.state).toMatchObject({
      sliceName: 'Orders',
      dirty: false,
      slice: { id: 12, owners: [1], dashboards: [4] },
    });
    expect(opening.sliceNameRu).toBe('Заказы');
    expect(opening.unknownVizType).toBeNull();
  });

  it('opens a dataset as a new table chart', () => {
    const opening = openExplore(
      { form_data: {}, dataset, slice: null, message: null, metadata: null },
      null,
      fakePlugins,
    );
    expect(opening.state.formData).toMatchObject({ viz_type: 'table', datasource: '7__table' });
    expect(opening.state.slice).toBeNull();
    expect(opening.state.sliceName).toBe('');
  });

  it("opens a new chart as the server's configured type and time range", () => {
    const opening = openExplore(
      { form_data: {}, dataset, slice: null, message: null, metadata: null },
      null,
      fakePlugins,
      { vizType: 'echarts_timeseries_bar', timeFilter: 'Last week' },
    );
    expect(opening.state.formData).toMatchObject({ viz_type: 'echarts_timeseries_bar' });
    expect(opening.state.formData.adhoc_filters).toEqual([
      expect.objectContaining({ operator: 'TEMPORAL_RANGE', comparator: 'Last week' }),
    ]);
    // A saved chart keeps its own type and filters whatever the defaults say.
    const saved = { viz_type: 'table', adhoc_filters: [] };
    const reopened = openExplore(
      { form_data: saved, dataset, slice: slice(saved), message: null, metadata: null },
      null,
      fakePlugins,
      { vizType: 'echarts_timeseries_bar', timeFilter: 'Last week' },
    );
    expect(reopened.state.formData).toMatchObject({ viz_type: 'table', adhoc_filters: [] });
  });

  it('switches to the chart type the URL asks for, keeping shared values', () => {
    const opening = openExplore(
      {
        form_data: { viz_type: 'table', metric: 'count' },
        dataset,
        slice: null,
        message: null,
        metadata: null,
      },
      'echarts_timeseries_bar',
      fakePlugins,
    );
    expect(opening.state.formData).toMatchObject({ viz_type: 'echarts_timeseries_bar', metrics: ['count'] });
    expect(opening.state.dirty).toBe(false);
  });

  it('opens an unknown chart type as a table and says so', () => {
    const opening = openExplore(
      { form_data: { viz_type: 'deck_arc' }, dataset, slice: null, message: null, metadata: null },
      null,
      fakePlugins,
    );
    expect(opening.state.formData.viz_type).toBe('table');
    expect(opening.unknownVizType).toBe('deck_arc');
  });
});
