import { describe, expect, it } from 'vitest';
import {
  appPath,
  chartCategory,
  fromChart,
  fromDashboard,
  fromRecent,
  fromSavedQuery,
  serverTime,
  timeLabelKey,
} from './homeItems.ts';

describe('home items', () => {
  it('draws a chart by its kind, old type names included', () => {
    expect(chartCategory('pie')).toBe('partOfWhole');
    expect(chartCategory('table')).toBe('table');
    expect(chartCategory('echarts_timeseries_line')).toBe('evolution');
    expect(chartCategory('no_such_type')).toBeNull();
    expect(chartCategory(null)).toBeNull();
  });

  it('reads server times with or without their zone', () => {
    expect(serverTime('2024-01-02T03:04:05Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(serverTime('2024-01-02T03:04:05')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(serverTime('yesterday')).toBeNull();
    expect(serverTime(null)).toBeNull();
  });

  it('keeps links inside the app', () => {
    expect(appPath('/explore/?slice_id=3&form_data=%7B%7D')).toBe('/explore/?slice_id=3&form_data=%7B%7D');
    expect(appPath('https://elsewhere.example/x')).toBe('https://elsewhere.example/x');
  });

  it('turns a recent activity item into a card, with the Russian title in Russian', () => {
    const item = {
      action: 'log',
      item_type: 'slice' as const,
      item_id: 4,
      item_url: '/explore/?slice_id=4',
      item_title: 'Sales',
      item_title_ru: 'Продажи',
      viz_type: 'pie',
      thumbnail_url: null,
      time: 1_700_000_000_000,
      time_delta_humanized: '2 hours ago',
    };
    expect(fromRecent(item, 'ru')).toEqual({
      key: 'slice-4-log',
      kind: 'chart',
      id: 4,
      title: 'Продажи',
      url: '/explore/?slice_id=4',
      category: 'partOfWhole',
      thumbnailUrl: null,
      sql: null,
      time: 1_700_000_000_000,
      timeFallback: '2 hours ago',
    });
    expect(fromRecent({ ...item, item_type: 'dashboard', viz_type: null }, 'en')).toMatchObject({
      kind: 'dashboard',
      title: 'Sales',
      category: null,
    });
  });

  it('turns list rows into cards', () => {
    expect(
      fromDashboard(
        {
          id: 1,
          dashboard_title: 'Board',
          dashboard_title_ru: '',
          url: '/superset/dashboard/board/',
          thumbnail_url: '/api/v1/dashboard/1/thumbnail/abc/',
          changed_on_utc: '2024-01-02T03:04:05+00:00',
        },
        'ru',
      ),
    ).toMatchObject({
      title: 'Board',
      url: '/superset/dashboard/board/',
      thumbnailUrl: '/api/v1/dashboard/1/thumbnail/abc/',
    });
    expect(
      fromChart(
        { id: 2, slice_name: 'Line', viz_type: 'echarts_timeseries_line', url: '/explore/?slice_id=2' },
        'en',
      ),
    ).toMatchObject({ kind: 'chart', category: 'evolution', thumbnailUrl: null, time: null });
    expect(
      fromSavedQuery({ id: 9, label: 'Top', sql: 'select 1', changed_on: '2024-01-02T03:04:05' }),
    ).toMatchObject({
      kind: 'query',
      url: '/sqllab/?savedQueryId=9',
      sql: 'select 1',
      time: Date.UTC(2024, 0, 2, 3, 4, 5),
    });
  });

  it('says what the time under an item means', () => {
    expect(timeLabelKey('viewed')).toBe('home.time.viewed');
    expect(timeLabelKey('created')).toBe('home.time.created');
    expect(timeLabelKey('mine')).toBe('home.time.modified');
  });
});
