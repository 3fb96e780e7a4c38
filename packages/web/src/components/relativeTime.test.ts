import { describe, expect, it } from 'vitest';
import { parseServerTime, relativeTime } from './relativeTime.ts';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('relativeTime', () => {
  it('says how long ago in English and Russian', () => {
    const twoHoursAgo = new Date('2026-03-10T10:00:00Z');
    expect(relativeTime(twoHoursAgo, NOW, 'en')).toBe('2 hours ago');
    expect(relativeTime(twoHoursAgo, NOW, 'ru')).toBe('2 часа назад');
  });

  it('picks the largest whole unit', () => {
    expect(relativeTime(new Date('2026-03-07T12:00:00Z'), NOW, 'en')).toBe('3 days ago');
    expect(relativeTime(new Date('2026-03-10T11:59:30Z'), NOW, 'en')).toBe('30 seconds ago');
    expect(relativeTime(NOW, NOW, 'en')).toBe('now');
  });
});

describe('parseServerTime', () => {
  it('reads a timestamp without a zone as UTC', () => {
    expect(parseServerTime('2026-03-10T10:00:00')?.toISOString()).toBe('2026-03-10T10:00:00.000Z');
    expect(parseServerTime('2026-03-10T10:00:00+02:00')?.toISOString()).toBe('2026-03-10T08:00:00.000Z');
    expect(parseServerTime('not a date')).toBeNull();
  });
});
