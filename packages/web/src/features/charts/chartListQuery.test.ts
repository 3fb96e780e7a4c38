import { describe, expect, it } from 'vitest';
import { chartListQuery, INITIAL_CHART_LIST } from './chartListQuery.ts';

describe('chartListQuery', () => {
  it('asks for the most recently modified charts first, without filters', () => {
    const query = chartListQuery(INITIAL_CHART_LIST);
    expect(query).toMatchObject({
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
    expect(query.filters).toBeUndefined();
    expect(query.columns).toEqual(
      expect.arrayContaining(['slice_name', 'slice_name_ru', 'dashboards.dashboard_title_ru']),
    );
  });

  it("turns every filter into Superset's chart list filters", () => {
    const query = chartListQuery({
      ...INITIAL_CHART_LIST,
      searchText: '  revenue ',
      vizType: 'pie',
      dataset: 4,
      owner: 2,
      dashboard: 9,
      favorite: true,
      certified: false,
      tag: 7,
    });
    expect(query.filters).toEqual([
      { col: 'slice_name', opr: 'chart_all_text', value: 'revenue' },
      { col: 'viz_type', opr: 'eq', value: 'pie' },
      { col: 'datasource_id', opr: 'eq', value: 4 },
      { col: 'owners', opr: 'rel_m_m', value: 2 },
      { col: 'dashboards', opr: 'rel_m_m', value: 9 },
      { col: 'id', opr: 'chart_is_favorite', value: true },
      { col: 'id', opr: 'chart_is_certified', value: false },
      { col: 'tags', opr: 'chart_tag_id', value: 7 },
    ]);
    expect(chartListQuery(INITIAL_CHART_LIST).columns).toEqual(
      expect.arrayContaining(['tags.id', 'tags.name']),
    );
  });
});
