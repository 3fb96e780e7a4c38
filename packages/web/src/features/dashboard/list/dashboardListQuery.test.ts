import { describe, expect, it } from 'vitest';
import { dashboardListQuery, INITIAL_DASHBOARD_LIST } from './dashboardListQuery.ts';

describe('dashboardListQuery', () => {
  it('asks for the first page by last change with no filters', () => {
    const query = dashboardListQuery(INITIAL_DASHBOARD_LIST);
    expect(query).toMatchObject({
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
    expect(query.filters).toBeUndefined();
    expect(query.columns).toContain('dashboard_title_ru');
  });

  it("turns every filter into Superset's dashboard filters", () => {
    const query = dashboardListQuery({
      ...INITIAL_DASHBOARD_LIST,
      searchText: ' продаж ',
      owner: 1,
      createdBy: 2,
      status: 'draft',
      favorite: true,
      certified: false,
    });
    expect(query.filters).toEqual([
      { col: 'dashboard_title', opr: 'title_or_slug', value: 'продаж' },
      { col: 'owners', opr: 'rel_m_m', value: 1 },
      { col: 'created_by', opr: 'rel_o_m', value: 2 },
      { col: 'published', opr: 'eq', value: false },
      { col: 'id', opr: 'dashboard_is_favorite', value: true },
      { col: 'id', opr: 'dashboard_is_certified', value: false },
    ]);
  });
});
