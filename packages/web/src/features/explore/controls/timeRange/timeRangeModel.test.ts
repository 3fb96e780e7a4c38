import { describe, expect, it } from 'vitest';
import {
  advancedParts,
  type CustomRange,
  decodeCustomRange,
  defaultCustomRange,
  encodeCustomRange,
  frameOf,
  initialValueOfFrame,
} from './timeRangeModel.ts';

const NOW = new Date(2024, 4, 20, 15, 30, 0);

function custom(patch: Partial<CustomRange>): CustomRange {
  return { ...defaultCustomRange(NOW), ...patch };
}

describe('time range strings', () => {
  it('puts named ranges in their frames', () => {
    expect(frameOf('Last week')).toBe('last');
    expect(frameOf('Last quarter')).toBe('last');
    expect(frameOf('previous calendar month')).toBe('previous');
    expect(frameOf('No filter')).toBe('noFilter');
    expect(frameOf('')).toBe('noFilter');
    expect(frameOf('2024-01-01T00:00:00 : now')).toBe('custom');
    expect(frameOf('DATEADD(DATETIME("today"), -7, day) : today')).toBe('custom');
    expect(frameOf('Last week : today')).toBe('advanced');
    expect(frameOf('2024-01-01 : 2024-02-01')).toBe('advanced');
    expect(frameOf('Last 3 days')).toBe('advanced');
  });

  it('encodes a specific start and now', () => {
    const range = custom({ sinceMode: 'specific', sinceDatetime: '2024-01-01T00:00:00', untilMode: 'now' });
    expect(encodeCustomRange(range)).toBe('2024-01-01T00:00:00 : now');
  });

  it('encodes N units before a fixed end', () => {
    expect(
      encodeCustomRange(
        custom({ sinceMode: 'relative', sinceGrainValue: 7, sinceGrain: 'day', untilMode: 'today' }),
      ),
    ).toBe('DATEADD(DATETIME("today"), -7, day) : today');
    expect(encodeCustomRange(defaultCustomRange(NOW))).toBe(
      'DATEADD(DATETIME("2024-05-20T00:00:00"), -7, day) : 2024-05-20T00:00:00',
    );
  });

  it('encodes N units after a fixed start', () => {
    const range = custom({
      sinceMode: 'specific',
      sinceDatetime: '2024-03-01T00:00:00',
      untilMode: 'relative',
      untilGrainValue: 2,
      untilGrain: 'month',
    });
    expect(encodeCustomRange(range)).toBe(
      '2024-03-01T00:00:00 : DATEADD(DATETIME("2024-03-01T00:00:00"), 2, month)',
    );
  });

  it('encodes both ends relative to an anchor', () => {
    const range = custom({
      sinceMode: 'relative',
      sinceGrainValue: 1,
      sinceGrain: 'week',
      untilMode: 'relative',
      untilGrainValue: 3,
      untilGrain: 'day',
      anchorMode: 'now',
    });
    expect(encodeCustomRange(range)).toBe(
      'DATEADD(DATETIME("now"), -1, week) : DATEADD(DATETIME("now"), 3, day)',
    );
    expect(encodeCustomRange({ ...range, anchorMode: 'specific', anchorValue: '2024-02-02T10:00:00' })).toBe(
      'DATEADD(DATETIME("2024-02-02T10:00:00"), -1, week) : DATEADD(DATETIME("2024-02-02T10:00:00"), 3, day)',
    );
  });

  it('decodes what it encodes', () => {
    const ranges = [
      custom({ sinceMode: 'specific', sinceDatetime: '2024-01-01T00:00:00', untilMode: 'now' }),
      custom({ sinceMode: 'relative', sinceGrainValue: 3, sinceGrain: 'month', untilMode: 'today' }),
      custom({
        sinceMode: 'today',
        untilMode: 'relative',
        untilGrainValue: 4,
        untilGrain: 'hour',
      }),
      custom({
        sinceMode: 'relative',
        sinceGrainValue: 2,
        sinceGrain: 'year',
        untilMode: 'relative',
        untilGrainValue: 1,
        untilGrain: 'quarter',
        anchorMode: 'specific',
        anchorValue: '2023-06-01T12:00:00',
      }),
    ];
    for (const range of ranges) {
      const text = encodeCustomRange(range);
      const decoded = decodeCustomRange(text, NOW);
      expect(decoded, text).not.toBeNull();
      expect(encodeCustomRange(decoded as CustomRange)).toBe(text);
    }
  });

  it('does not decode ranges the custom frame does not write', () => {
    expect(decodeCustomRange('DATEADD(DATETIME("today"), -7, day) : now', NOW)).toBeNull();
    expect(decodeCustomRange('DATEADD(DATETIME("today"), 7, day) : today', NOW)).toBeNull();
    expect(decodeCustomRange('Last week', NOW)).toBeNull();
  });

  it('splits advanced ranges as Superset does', () => {
    expect(advancedParts('DATEADD(DATETIME("today"), -7, day) : today')).toEqual([
      'DATEADD(DATETIME("today"), -7, day)',
      'today',
    ]);
    expect(advancedParts('Last week')).toEqual(['Last week', '']);
    expect(advancedParts('Next 2 days')).toEqual(['', 'Next 2 days']);
  });

  it('starts each frame with its first value', () => {
    expect(initialValueOfFrame('last', 'No filter', NOW)).toBe('Last week');
    expect(initialValueOfFrame('last', 'Last year', NOW)).toBe('Last year');
    expect(initialValueOfFrame('previous', 'Last year', NOW)).toBe('previous calendar week');
    expect(initialValueOfFrame('advanced', 'Last year', NOW)).toBe('Last year : ');
    expect(initialValueOfFrame('noFilter', 'Last year', NOW)).toBe('No filter');
    expect(frameOf(initialValueOfFrame('custom', 'Last year', NOW))).toBe('custom');
  });
});
