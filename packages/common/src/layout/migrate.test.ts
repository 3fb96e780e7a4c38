import { describe, expect, it } from 'vitest';
import { layoutVersionOf, migrateLayout } from './migrate.ts';

describe('layout migrations', () => {
  it('reads a layout without a version key as v1', () => {
    expect(layoutVersionOf({})).toBe('v1');
    expect(layoutVersionOf({ DASHBOARD_VERSION_KEY: 'v2' })).toBe('v2');
    expect(layoutVersionOf({ DASHBOARD_VERSION_KEY: 2 })).toBe('v1');
  });

  it('upgrades v1 sizes and chart ids written as strings, and fills in missing parts', () => {
    const migrated = migrateLayout({
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1', 3] },
      'ROW-1': { type: 'ROW' },
      'CHART-1': {
        type: 'CHART',
        id: 'CHART-1',
        children: [],
        meta: { width: '6', height: ' 40 ', chartId: '12' },
      },
      'CHART-2': { type: 'CHART', children: [], meta: { width: 'wide', height: '' } },
      junk: 'text',
    });
    expect(migrated.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(migrated.ROOT_ID).toEqual({ type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'], meta: {} });
    expect(migrated.GRID_ID).toMatchObject({ children: ['ROW-1'] });
    expect(migrated['ROW-1']).toEqual({ type: 'ROW', id: 'ROW-1', children: [], meta: {} });
    expect(migrated['CHART-1']).toMatchObject({ meta: { width: 6, height: 40, chartId: 12 } });
    expect(migrated['CHART-2']).toMatchObject({ meta: { width: 'wide', height: '' } });
    expect(migrated.junk).toBe('text');
  });

  it('leaves current and unknown versions alone', () => {
    const current = { DASHBOARD_VERSION_KEY: 'v2', ROOT_ID: { type: 'ROOT', children: [] } };
    expect(migrateLayout(current)).toBe(current);
    const future = { DASHBOARD_VERSION_KEY: 'v9' };
    expect(migrateLayout(future)).toBe(future);
  });
});
