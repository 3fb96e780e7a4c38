import { describe, expect, it } from 'vitest';
import { catalogues } from '../i18n/index.ts';
import { nativeFilter } from './testFilters.ts';
import { FILTER_VALIDATION_KEYS, firstInvalidFilterId, validateFilterConfiguration } from './validate.ts';

const K = FILTER_VALIDATION_KEYS;

function errorsOf(items: unknown) {
  return validateFilterConfiguration(items).errors.map(({ filterId, field, message }) => [
    filterId,
    field,
    message,
  ]);
}

describe('validateFilterConfiguration', () => {
  it('accepts a valid configuration and fills in the optional parts', () => {
    const raw = [
      {
        id: 'NATIVE_FILTER-a',
        type: 'NATIVE_FILTER',
        name: 'Country',
        filterType: 'filter_select',
        targets: [{ datasetId: 3, column: { name: 'country' } }],
      },
      { id: 'NATIVE_FILTER_DIVIDER-1', type: 'DIVIDER', title: 'More', description: 'Other filters' },
      {
        id: 'NATIVE_FILTER-t',
        type: 'NATIVE_FILTER',
        name: 'Period',
        filterType: 'filter_time',
        targets: [{}],
      },
    ];
    const { items, errors } = validateFilterConfiguration(raw);
    expect(errors).toEqual([]);
    expect(items[0]).toMatchObject({
      controlValues: {},
      defaultDataMask: {},
      cascadeParentIds: [],
      scope: { rootPath: ['ROOT_ID'], excluded: [] },
    });
    expect(items[1]).toEqual(raw[1]);
  });

  it('requires a list of filters and dividers with ids', () => {
    expect(errorsOf({})).toEqual([['', 'items', K.notAList]]);
    expect(errorsOf([null, { id: 'x', type: 'OTHER' }])).toEqual([
      ['', 'items', K.invalidItem],
      ['x', 'items', K.invalidItem],
    ]);
  });

  it('requires a name, a known type, and a dataset and column where the type needs them', () => {
    expect(
      errorsOf([
        { ...nativeFilter('a', 'filter_select'), name: ' ', targets: [{}] },
        { ...nativeFilter('b', 'filter_timecolumn'), targets: [{}] },
        { ...nativeFilter('c', 'filter_select'), filterType: 'filter_box' },
        { id: 'd', type: 'DIVIDER', title: '' },
      ]),
    ).toEqual([
      ['a', 'name', K.nameRequired],
      ['a', 'dataset', K.datasetRequired],
      ['a', 'column', K.columnRequired],
      ['b', 'dataset', K.datasetRequired],
      ['c', 'filterType', K.unknownType],
      ['d', 'title', K.titleRequired],
    ]);
  });

  it("requires a default value when 'value is required', unless the first value is picked", () => {
    const required = nativeFilter('a', 'filter_select', { controlValues: { enableEmptyFilter: true } });
    expect(errorsOf([required])).toEqual([['a', 'defaultValue', K.defaultValueRequired]]);
    expect(
      errorsOf([{ ...required, controlValues: { enableEmptyFilter: true, defaultToFirstItem: true } }]),
    ).toEqual([]);
    expect(errorsOf([{ ...required, defaultDataMask: { filterState: { value: ['FR'] } } }])).toEqual([]);
  });

  it('requires the minimum of a default range to be at most its maximum', () => {
    const range = nativeFilter('r', 'filter_range', { defaultDataMask: { filterState: { value: [5, 1] } } });
    expect(errorsOf([range])).toEqual([['r', 'defaultValue', K.rangeOrder]]);
    expect(errorsOf([{ ...range, defaultDataMask: { filterState: { value: [1, 5] } } }])).toEqual([]);
  });

  it('requires a time column for a time range pre-filter', () => {
    expect(errorsOf([nativeFilter('a', 'filter_select', { time_range: 'Last week' })])).toEqual([
      ['a', 'granularity_sqla', K.timeColumnRequired],
    ]);
  });

  it('rejects unknown parents and cycles', () => {
    const a = nativeFilter('a', 'filter_select', { cascadeParentIds: ['b'] });
    const b = nativeFilter('b', 'filter_select', { cascadeParentIds: ['a', 'gone'] });
    expect(errorsOf([a, b])).toEqual([
      ['b', 'cascadeParentIds', K.unknownParent],
      ['a', 'cascadeParentIds', K.cascadeCycle],
      ['b', 'cascadeParentIds', K.cascadeCycle],
    ]);
    const underDivider = nativeFilter('c', 'filter_select', { cascadeParentIds: ['d'] });
    expect(errorsOf([{ id: 'd', type: 'DIVIDER', title: 'Section' }, underDivider])).toEqual([
      ['c', 'cascadeParentIds', K.unknownParent],
    ]);
    expect(errorsOf([nativeFilter('s', 'filter_select', { cascadeParentIds: ['s'] })])).toEqual([
      ['s', 'cascadeParentIds', K.cascadeCycle],
    ]);
  });

  it('rejects duplicate ids and malformed scopes', () => {
    const bad = { ...nativeFilter('a', 'filter_select'), scope: { rootPath: 'ROOT_ID' } };
    expect(errorsOf([nativeFilter('a', 'filter_select'), bad])).toEqual([
      ['a', 'id', K.duplicateId],
      ['a', 'scope', K.invalidScope],
    ]);
  });

  it('has every message in both catalogues', () => {
    const text = (language: 'en' | 'ru', key: string) =>
      key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], catalogues[language]);
    const missing = Object.values(K).filter(
      (key) => typeof text('en', key) !== 'string' || typeof text('ru', key) !== 'string',
    );
    expect(missing).toEqual([]);
    expect(text('en', K.nameRequired)).toBe('Name is required');
  });
});

describe('firstInvalidFilterId', () => {
  it('is the first filter in configuration order with an error', () => {
    const items = [
      nativeFilter('a', 'filter_select'),
      nativeFilter('b', 'filter_select'),
      nativeFilter('c', 'filter_select'),
    ];
    const errors = [
      { filterId: 'c', field: 'name', message: K.nameRequired },
      { filterId: 'b', field: 'dataset', message: K.datasetRequired },
    ];
    expect(firstInvalidFilterId(items, errors)).toBe('b');
    expect(firstInvalidFilterId(items, [])).toBeNull();
  });
});
