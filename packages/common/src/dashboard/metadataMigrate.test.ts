import { describe, expect, it } from 'vitest';
import { DASHBOARD_METADATA_VERSION } from './metadata.ts';
import { migrateMetadata, parseMetadata, validateMetadata } from './metadataMigrate.ts';

describe('parseMetadata', () => {
  it('upgrades Superset metadata to the current version', () => {
    const parsed = parseMetadata(
      JSON.stringify({ color_scheme: 'supersetColors', positions: { ROOT_ID: {} }, refresh_frequency: 60 }),
    );
    expect(parsed).toEqual({
      ok: true,
      metadata: {
        version: DASHBOARD_METADATA_VERSION,
        color_scheme: 'supersetColors',
        refresh_frequency: 60,
        cross_filters_enabled: true,
      },
    });
  });

  it('keeps cross filters off when they were switched off, and current documents as they are', () => {
    expect(migrateMetadata({ cross_filters_enabled: false })).toEqual({
      cross_filters_enabled: false,
      version: 1,
    });
    const current = { version: 1, label_colors: { a: '#fff' } };
    expect(migrateMetadata(current)).toBe(current);
    const unknown = { version: -1 };
    expect(migrateMetadata(unknown)).toBe(unknown);
    const future = { version: 7 };
    expect(migrateMetadata(future)).toBe(future);
  });

  it('reads empty text as empty metadata', () => {
    for (const text of [null, undefined, '', '   ']) {
      expect(parseMetadata(text)).toEqual({
        ok: true,
        metadata: { version: 1, cross_filters_enabled: true },
      });
    }
  });

  it('returns an error value for unreadable text instead of throwing', () => {
    const broken = parseMetadata('{"color_scheme": ');
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.error).not.toBe('');
    expect(parseMetadata('[1, 2]')).toEqual({ ok: false, error: 'Not a valid mapping type.' });
  });
});

describe('validateMetadata', () => {
  it('accepts every known key with a value of its type', () => {
    expect(
      validateMetadata({
        version: 1,
        native_filter_configuration: [
          { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'Sales', description: '' },
        ],
        chart_configuration: {},
        global_chart_configuration: {},
        timed_refresh_immune_slices: [1, 2],
        filter_scopes: {},
        expanded_slices: {},
        refresh_frequency: 0,
        default_filters: '{}',
        stagger_refresh: true,
        stagger_time: 5000,
        color_scheme: null,
        color_namespace: 'ns',
        positions: null,
        label_colors: { a: '#000' },
        shared_label_colors: ['a'],
        map_label_colors: {},
        color_scheme_domain: ['#000'],
        cross_filters_enabled: false,
        import_time: 1700000000,
        remote_id: 3,
        filter_bar_orientation: 'HORIZONTAL',
        native_filter_migration: {},
        filter_sets_configuration: [],
      }),
    ).toEqual([]);
    expect(validateMetadata({ shared_label_colors: { a: '#000' }, filter_bar_orientation: null })).toEqual(
      [],
    );
  });

  it('refuses unknown keys and values of the wrong type, field by field', () => {
    expect(
      validateMetadata({
        show_native_filters: true,
        refresh_frequency: '10',
        stagger_time: 1.5,
        stagger_refresh: 'yes',
        color_scheme: 3,
        label_colors: [],
        timed_refresh_immune_slices: [1, 'x'],
        color_scheme_domain: 'red',
        filter_bar_orientation: 'DIAGONAL',
        shared_label_colors: 5,
      }),
    ).toEqual([
      { field: 'show_native_filters', message: 'Unknown field.' },
      { field: 'refresh_frequency', message: 'Not a valid integer.' },
      { field: 'stagger_time', message: 'Not a valid integer.' },
      { field: 'stagger_refresh', message: 'Not a valid boolean.' },
      { field: 'color_scheme', message: 'Not a valid string.' },
      { field: 'label_colors', message: 'Not a valid mapping type.' },
      { field: 'timed_refresh_immune_slices', message: 'Not a valid integer.' },
      { field: 'color_scheme_domain', message: 'Not a valid list.' },
      { field: 'filter_bar_orientation', message: 'Must be one of: VERTICAL, HORIZONTAL.' },
      { field: 'shared_label_colors', message: 'Not a valid list.' },
    ]);
  });

  it('refuses metadata that is not an object', () => {
    expect(validateMetadata([])).toEqual([{ field: '_schema', message: 'Not a valid mapping type.' }]);
    expect(validateMetadata(null)).toEqual([{ field: '_schema', message: 'Not a valid mapping type.' }]);
  });
});
