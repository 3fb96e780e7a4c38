import { describe, expect, it } from 'vitest';
import { getTimeFormatter } from '../../format/time.ts';
import { coltypesOf, columnDisplayName, rowLabel, valueLabel } from './labels.ts';
import { result, testDatasource } from './testing.ts';

describe('category labels', () => {
  const time = getTimeFormatter('%Y-%m-%d');
  it('labels nulls, temporal values and joined group values', () => {
    expect(valueLabel(null, 1, time)).toBe('<NULL>');
    expect(valueLabel(Date.UTC(2024, 0, 2), 2, time)).toBe('2024-01-02');
    expect(valueLabel(true, 3, time)).toBe('true');
    expect(rowLabel({ a: 'x', d: Date.UTC(2024, 0, 2) }, ['a', 'd'], { a: 1, d: 2 }, time)).toBe(
      'x, 2024-01-02',
    );
  });

  it('reads column types and verbose names', () => {
    expect(coltypesOf(result([{ a: 'x', n: 1 }]))).toEqual({ a: 1, n: 0 });
    expect(columnDisplayName(testDatasource, 'country')).toBe('Country');
    expect(columnDisplayName(testDatasource, 'city')).toBe('city');
  });
});
