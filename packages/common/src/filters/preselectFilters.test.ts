import { describe, expect, it } from 'vitest';
import { parseLayout } from '../layout/parse.ts';
import { FilterKeyError } from './filterKey.ts';
import {
  filtersForPreselection,
  PreselectFiltersError,
  parsePreselectFilters,
  preselectedDataMask,
  preselectionsOf,
} from './preselectFilters.ts';
import { nativeFilter } from './testFilters.ts';

const layout = parseLayout(null, [
  { id: 1, slice_name: 'Sales by country' },
  { id: 2, slice_name: 'Orders' },
  { id: 3, slice_name: 'Other dataset' },
]);
/** Charts 1 and 2 query dataset 3 (the test filters' dataset); chart 3 queries dataset 9. */
const chartDatasets = new Map([
  [1, 3],
  [2, 3],
  [3, 9],
]);
const context = { layout, chartDatasets };

const country = nativeFilter('NATIVE_FILTER-country', 'filter_select');
const notOnChart2 = nativeFilter('NATIVE_FILTER-country-1', 'filter_select', {
  scope: { rootPath: ['ROOT_ID'], excluded: [2] },
});
const amount = nativeFilter('NATIVE_FILTER-amount', 'filter_range', {
  targets: [{ datasetId: 3, column: { name: 'amount' } }],
});
const time = nativeFilter('NATIVE_FILTER-time', 'filter_time', { targets: [{}] });
const filters = [country, notOnChart2, amount, time];

describe('preselectionsOf', () => {
  it('parses each filter key as chartId_column', () => {
    expect(
      preselectionsOf([
        ['1_country', ['FR']],
        ['2_country_code', 'DE'],
      ]),
    ).toEqual({
      preselections: [
        { chartId: 1, column: 'country', value: ['FR'] },
        { chartId: 2, column: 'country_code', value: 'DE' },
      ],
      errors: [],
    });
  });

  it.each(['abc_region', '12', '_x', '12_', ''])(
    "leaves out %j with 'Cannot parse invalid filter key', keeping the other entries",
    (key) => {
      const { preselections, errors } = preselectionsOf([
        [key, ['x']],
        ['1_country', ['FR']],
      ]);
      expect(preselections).toEqual([{ chartId: 1, column: 'country', value: ['FR'] }]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(FilterKeyError);
      expect(errors[0]?.message).toBe('Cannot parse invalid filter key');
      expect(errors[0]?.messageKey).toBe('nativeFilters.errors.invalidFilterKey');
    },
  );
});

describe('parsePreselectFilters', () => {
  it("reads Superset's {chartId: {column: values}} JSON", () => {
    const text = JSON.stringify({ 1: { country: ['FR', 'DE'], amount: [10, 20] }, 2: { country: 'IT' } });
    expect(parsePreselectFilters(text)).toEqual({
      preselections: [
        { chartId: 1, column: 'country', value: ['FR', 'DE'] },
        { chartId: 1, column: 'amount', value: [10, 20] },
        { chartId: 2, column: 'country', value: 'IT' },
      ],
      errors: [],
    });
  });

  it('is empty without a parameter', () => {
    expect(parsePreselectFilters(null)).toEqual({ preselections: [], errors: [] });
    expect(parsePreselectFilters('  ')).toEqual({ preselections: [], errors: [] });
  });

  it('reports malformed JSON, and JSON that is not a map of charts, with its own error', () => {
    for (const text of ['{"1": {"country": ["FR"]', '[1, 2]', '"1_country"', 'null']) {
      const { preselections, errors } = parsePreselectFilters(text);
      expect(preselections).toEqual([]);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toBeInstanceOf(PreselectFiltersError);
      expect(errors[0]?.messageKey).toBe('nativeFilters.errors.invalidPreselectFilters');
    }
  });

  it('reports entries whose keys are not chartId_column and keeps the others', () => {
    const text = JSON.stringify({
      abc: { region: ['x'] },
      '': { x: 1 },
      12: ['not', 'columns'],
      1: { country: 'FR' },
    });
    const { preselections, errors } = parsePreselectFilters(text);
    expect(preselections).toEqual([{ chartId: 1, column: 'country', value: 'FR' }]);
    expect(errors.map((error) => (error as FilterKeyError).key).sort()).toEqual(['12', '_x', 'abc_region']);
    expect(errors.every((error) => error instanceof FilterKeyError)).toBe(true);
  });
});

describe('filtersForPreselection', () => {
  it("finds the filters on the column whose scope holds the chart and that reach the chart's dataset", () => {
    const ids = (chartId: number, column: string) =>
      filtersForPreselection({ chartId, column, value: null }, filters, context).map((filter) => filter.id);
    expect(ids(1, 'country')).toEqual([country.id, notOnChart2.id]);
    expect(ids(2, 'country')).toEqual([country.id]);
    expect(ids(1, 'amount')).toEqual([amount.id]);
    // Chart 3 queries another dataset, which the filters do not target.
    expect(ids(3, 'country')).toEqual([]);
    // No filter targets the column; chart 99 is not on the dashboard.
    expect(ids(1, 'city')).toEqual([]);
    expect(ids(99, 'country')).toEqual([]);
  });

  it("matches any target's column when the chart's dataset is unknown", () => {
    const found = filtersForPreselection({ chartId: 3, column: 'country', value: null }, filters, { layout });
    expect(found.map((filter) => filter.id)).toEqual([country.id, notOnChart2.id]);
  });

  it("uses the column a filter maps for the chart's dataset", () => {
    const mapped = nativeFilter('NATIVE_FILTER-mapped', 'filter_select', {
      targets: [
        { datasetId: 3, column: { name: 'country' } },
        { datasetId: 9, column: { name: 'country_name' } },
      ],
    });
    const ids = (chartId: number, column: string) =>
      filtersForPreselection({ chartId, column, value: null }, [mapped], context).map((filter) => filter.id);
    expect(ids(3, 'country_name')).toEqual([mapped.id]);
    expect(ids(3, 'country')).toEqual([]);
    expect(ids(1, 'country')).toEqual([mapped.id]);
  });
});

describe('preselectedDataMask', () => {
  it("gives the filters the values, rebuilt by each filter's type", () => {
    const { preselections } = parsePreselectFilters(
      JSON.stringify({ 2: { country: ['FR', 'DE'] }, 1: { amount: [10, 20] } }),
    );
    expect(preselectedDataMask(preselections, filters, context)).toEqual({
      [country.id]: {
        id: country.id,
        extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR', 'DE'] }] },
        filterState: { value: ['FR', 'DE'], label: 'FR, DE' },
      },
      [amount.id]: {
        id: amount.id,
        extraFormData: {
          filters: [
            { col: 'amount', op: '>=', val: 10 },
            { col: 'amount', op: '<=', val: 20 },
          ],
        },
        filterState: expect.objectContaining({ value: [10, 20] }),
      },
    });
  });

  it('lets a crafted link choose only values: no SQL, no other columns, no extra filters', () => {
    const { preselections } = parsePreselectFilters(
      JSON.stringify({
        1: {
          country: ["FR') OR 1=1 --", { sqlExpression: 'pg_sleep(10) IS NULL' }, ['nested']],
          'country OR 1=1': ['x'],
          amount: 'DROP TABLE sales',
        },
      }),
    );
    const masks = preselectedDataMask(preselections, filters, context);
    expect(Object.keys(masks).sort()).toEqual([amount.id, country.id, notOnChart2.id].sort());
    // The injection attempt is only a value of the IN list (the query binds it); the object is dropped.
    expect(masks[country.id]?.extraFormData).toEqual({
      filters: [{ col: 'country', op: 'IN', val: ["FR') OR 1=1 --"] }],
    });
    for (const mask of Object.values(masks)) expect(mask.extraFormData).not.toHaveProperty('adhoc_filters');
    // A range takes numbers only: the text leaves the filter unset.
    expect(masks[amount.id]?.extraFormData?.filters).toBeUndefined();
  });

  it('lets the later entry win when two reach one filter', () => {
    const preselections = [
      { chartId: 1, column: 'country', value: ['FR'] },
      { chartId: 2, column: 'country', value: ['DE'] },
    ];
    const masks = preselectedDataMask(preselections, [country], context);
    expect(masks[country.id]?.filterState?.value).toEqual(['DE']);
  });
});
