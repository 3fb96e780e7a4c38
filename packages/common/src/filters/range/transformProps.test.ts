import { describe, expect, it } from 'vitest';
import { nativeFilter } from '../testFilters.ts';
import { transformProps } from './transformProps.ts';

const filter = nativeFilter('f', 'filter_range');
const result = (row: Record<string, unknown>) => ({
  data: [row],
  colnames: ['min', 'max'],
  coltypes: [0, 0],
  rowcount: 1,
});

describe('range filter transformProps', () => {
  it('reads the bounds, numbers as text included', () => {
    expect(transformProps(filter, { queriesData: [result({ min: 1.5, max: '20' })] })).toEqual({
      kind: 'range',
      min: 1.5,
      max: 20,
    });
  });

  it('gives open bounds without data', () => {
    expect(transformProps(filter, { queriesData: [] })).toEqual({ kind: 'range', min: null, max: null });
    expect(transformProps(filter, { queriesData: [result({ min: null, max: 'x' })] })).toEqual({
      kind: 'range',
      min: null,
      max: null,
    });
  });
});
