import { describe, expect, it } from 'vitest';
import { TIME_RANGE_END_TYPES, timeRangeLabel } from './format.ts';

describe('time range labels by end type', () => {
  it('has the two end types of the spec', () => {
    expect(TIME_RANGE_END_TYPES).toEqual(['included', 'excluded']);
  });

  it('excludes the end by default, as every query runs it', () => {
    expect(timeRangeLabel('2024-01-01T00:00:00 : 2025-01-01T00:00:00', 'order_ts')).toBe(
      '2024-01-01 ≤ order_ts < 2025-01-01',
    );
  });

  it('names the last day in the range when the end is included', () => {
    expect(timeRangeLabel('2024-01-01T00:00:00 : 2024-03-01T00:00:00', 'col', 'included')).toBe(
      '2024-01-01 ≤ col ≤ 2024-02-29',
    );
    expect(timeRangeLabel('2024-01-01 : 2025-01-01', 'col', 'included')).toBe(
      '2024-01-01 ≤ col ≤ 2024-12-31',
    );
  });

  it('keeps an end within a day, or an open end, excluded', () => {
    expect(timeRangeLabel('2024-01-01T00:00:00 : 2024-01-01T12:30:00', 'col', 'included')).toBe(
      '2024-01-01 ≤ col < 2024-01-01T12:30:00',
    );
    expect(timeRangeLabel('2024-01-01T00:00:00 : ', 'col', 'included')).toBe('2024-01-01 ≤ col < ∞');
  });
});
