import { describe, expect, it } from 'vitest';
import { crontabOf, parseTime, presetOf, switchPreset } from './schedulePresets.ts';

describe('schedule presets', () => {
  it('reads daily, weekly and monthly crontabs, and anything else as custom', () => {
    expect(presetOf('30 9 * * *')).toEqual({ kind: 'daily', hour: 9, minute: 30 });
    expect(presetOf('0 12 * * 1')).toEqual({ kind: 'weekly', weekday: 1, hour: 12, minute: 0 });
    expect(presetOf('15 6 1 * *')).toEqual({ kind: 'monthly', day: 1, hour: 6, minute: 15 });
    for (const custom of ['*/5 * * * *', '0 9 * * 1-5', '0 9 1 * 1', '0 9 * 2 *', '@daily', '0 24 * * *']) {
      expect(presetOf(custom), custom).toEqual({ kind: 'custom' });
    }
  });

  it('writes a preset back as its crontab', () => {
    expect(crontabOf({ kind: 'weekly', weekday: 5, hour: 17, minute: 45 }, '')).toBe('45 17 * * 5');
    expect(crontabOf({ kind: 'custom' }, '*/5 * * * *')).toBe('*/5 * * * *');
  });

  it('keeps the time when switching between presets', () => {
    expect(switchPreset('daily', '30 8 * * 3')).toBe('30 8 * * *');
    expect(switchPreset('weekly', '30 8 * * *')).toBe('30 8 * * 1');
    expect(switchPreset('monthly', '*/5 * * * *')).toBe('0 12 1 * *');
    expect(switchPreset('custom', '30 8 * * *')).toBe('30 8 * * *');
  });

  it('parses HH:MM times', () => {
    expect(parseTime('07:05')).toEqual({ hour: 7, minute: 5 });
    expect(parseTime('24:00')).toBeNull();
    expect(parseTime('')).toBeNull();
  });
});
