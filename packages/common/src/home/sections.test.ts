import { describe, expect, it } from 'vitest';
import {
  chartsQuery,
  dashboardsQuery,
  HOME_PAGE_SIZE,
  HOME_SECTIONS,
  HOME_TABS,
  recentActivityQuery,
  savedQueriesQuery,
} from './sections.ts';

describe('the home sections', () => {
  it('has tabs for every section, Recents first', () => {
    expect(HOME_SECTIONS[0]).toBe('recents');
    for (const section of HOME_SECTIONS) expect(HOME_TABS[section].length).toBeGreaterThan(0);
  });

  it('asks the recent activity for opened, changed or created items, each once', () => {
    expect(recentActivityQuery('viewed')).toEqual({
      page: 0,
      page_size: HOME_PAGE_SIZE,
      actions: ['mount_explorer', 'mount_dashboard'],
      distinct: true,
    });
    expect(recentActivityQuery('edited').actions).toContain('ChartRestApi.put');
    expect(recentActivityQuery('created').actions).toEqual(
      expect.arrayContaining(['ChartRestApi.post', 'DashboardRestApi.post']),
    );
  });

  it("filters the lists with Superset's operators: favourites, owners and the saved queries' author", () => {
    expect(dashboardsQuery('favorite', 7).filters).toEqual([
      { col: 'id', opr: 'dashboard_is_favorite', value: true },
    ]);
    expect(dashboardsQuery('mine', 7).filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 7 }]);
    expect(chartsQuery('favorite', 7).filters).toEqual([
      { col: 'id', opr: 'chart_is_favorite', value: true },
    ]);
    expect(chartsQuery('mine', 7).filters).toEqual([{ col: 'owners', opr: 'rel_m_m', value: 7 }]);
    expect(savedQueriesQuery(7).filters).toEqual([{ col: 'created_by', opr: 'rel_o_m', value: 7 }]);
    for (const query of [dashboardsQuery('mine', 7), chartsQuery('mine', 7), savedQueriesQuery(7)]) {
      expect(query).toMatchObject({
        order_column: 'changed_on_delta_humanized',
        order_direction: 'desc',
        page: 0,
        page_size: HOME_PAGE_SIZE,
      });
      expect(query.columns).toContain('id');
    }
  });
});
