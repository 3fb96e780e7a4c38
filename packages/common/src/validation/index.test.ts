import { describe, expect, it } from 'vitest';
import type { FormData } from '../viz/types.ts';
import {
  color,
  comparisonFilters,
  integer,
  mapboxUrl,
  maxValue,
  nonEmpty,
  number,
  opacity,
  orderbyOptions,
  parseOrderbyOption,
  validate,
} from './index.ts';

const formData: FormData = { datasource: '1__table', viz_type: 'table' };

describe('generic validators', () => {
  it('nonEmpty refuses blank strings, null and empty lists', () => {
    expect(nonEmpty('', formData)).toEqual({ key: 'validation.nonEmpty' });
    expect(nonEmpty([], formData)).toEqual({ key: 'validation.nonEmpty' });
    expect(nonEmpty(null, formData)).toEqual({ key: 'validation.nonEmpty' });
    expect(nonEmpty(['a'], formData)).toBeNull();
  });

  it('integer and number', () => {
    expect(integer('12', formData)).toBeNull();
    expect(integer('1.5', formData)).toEqual({ key: 'validation.integer' });
    expect(number('1.5', formData)).toBeNull();
    expect(number('abc', formData)).toEqual({ key: 'validation.number' });
    expect(integer('', formData)).toBeNull();
  });

  it('maxValue names the maximum', () => {
    expect(maxValue(100000)(200000, formData)).toEqual({
      key: 'validation.maxValue',
      params: { max: 100000 },
    });
    expect(maxValue(100000)(10000, formData)).toBeNull();
  });

  it('opacity and colour', () => {
    expect(opacity(1.2, formData)).toEqual({ key: 'validation.opacity' });
    expect(opacity(0.4, formData)).toBeNull();
    expect(color('#00A699', formData)).toBeNull();
    expect(color('rgb(0, 122, 135)', formData)).toBeNull();
    expect(color({ r: 0, g: 122, b: 135, a: 1 }, formData)).toBeNull();
    expect(color('teal-ish', formData)).toEqual({ key: 'validation.color' });
  });

  it('validate collects every message', () => {
    expect(validate('x', formData, [nonEmpty, integer, number])).toEqual([
      { key: 'validation.integer' },
      { key: 'validation.number' },
    ]);
  });
});

describe('explore validators of B §5', () => {
  it('mapboxUrl wants a mapbox://styles/ address', () => {
    expect(mapboxUrl('mapbox://styles/mapbox/streets-v11', formData)).toBeNull();
    expect(mapboxUrl('https://example.com/style.json', formData)).toEqual({ key: 'validation.mapboxUrl' });
    expect(mapboxUrl('', formData)).toBeNull();
  });

  it('comparisonFilters asks a custom comparison range for values', () => {
    const check = comparisonFilters('time_comparison');
    const custom = { ...formData, time_comparison: 'c' };
    expect(check([], custom)).toEqual({ key: 'validation.comparisonFilters' });
    expect(check([[], []], custom)).toEqual({ key: 'validation.comparisonFilters' });
    expect(check([[{ subject: 'ds' }]], custom)).toBeNull();
    expect(check([], { ...formData, time_comparison: 'y' })).toBeNull();
  });

  it('orderbyOptions wants every option as ["column", ascending]', () => {
    expect(orderbyOptions(['["name", true]', ['num', false]], formData)).toBeNull();
    expect(orderbyOptions(['name'], formData)).toEqual({ key: 'validation.invalidOrderby' });
    expect(orderbyOptions(['["name", "asc"]'], formData)).toEqual({ key: 'validation.invalidOrderby' });
    expect(orderbyOptions([], formData)).toBeNull();
    expect(parseOrderbyOption('["name", false]')).toEqual(['name', false]);
  });
});
