import { describe, expect, it } from 'vitest';
import { datasetExploreUrl, exploreApiParams, exploreEntryFromUrl, sliceExploreUrl } from './entry.ts';

const entryOf = (search: string, key?: string) => exploreEntryFromUrl(new URLSearchParams(search), key);

describe('exploreEntryFromUrl', () => {
  it('opens a saved chart by slice_id', () => {
    expect(entryOf('slice_id=12')).toEqual({ kind: 'slice', sliceId: 12, vizType: null });
    expect(exploreApiParams({ kind: 'slice', sliceId: 12, vizType: null }).toString()).toBe('slice_id=12');
  });

  it('opens a dataset with an optional chart type', () => {
    const entry = entryOf('datasource_id=3&datasource_type=table&viz_type=pie');
    expect(entry).toEqual({ kind: 'dataset', datasourceId: 3, datasourceType: 'table', vizType: 'pie' });
    expect(exploreApiParams(entry as Exclude<typeof entry, { kind: 'picker' }>).toString()).toBe(
      'datasource_id=3&datasource_type=table',
    );
  });

  it('opens a permalink by its key', () => {
    const entry = entryOf('', 'abc123');
    expect(entry).toEqual({ kind: 'permalink', key: 'abc123', vizType: null });
    expect(exploreApiParams({ kind: 'permalink', key: 'abc123', vizType: null }).toString()).toBe(
      'permalink_key=abc123',
    );
  });

  it('understands Superset’s older links', () => {
    expect(entryOf(`form_data=${encodeURIComponent('{"slice_id":5}')}`)).toMatchObject({
      kind: 'slice',
      sliceId: 5,
    });
    expect(entryOf('datasource=4__table')).toMatchObject({
      kind: 'dataset',
      datasourceId: 4,
      datasourceType: 'table',
    });
    expect(entryOf(`form_data=${encodeURIComponent('{"datasource":"8__query","viz_type":"pie"}')}`)).toEqual({
      kind: 'dataset',
      datasourceId: 8,
      datasourceType: 'query',
      vizType: 'pie',
    });
  });

  it('shows the dataset picker without usable parameters', () => {
    expect(entryOf('')).toEqual({ kind: 'picker' });
    expect(entryOf('slice_id=abc&form_data=%7Bbroken')).toEqual({ kind: 'picker' });
  });
});

describe('explore URLs', () => {
  it('are Superset’s', () => {
    expect(sliceExploreUrl(12)).toBe('/explore/?slice_id=12');
    expect(datasetExploreUrl(3, 'table')).toBe(
      '/explore/?datasource_id=3&datasource_type=table&viz_type=table',
    );
  });
});
