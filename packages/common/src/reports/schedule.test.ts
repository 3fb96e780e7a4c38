import { describe, expect, it } from 'vitest';
import {
  crontabProblem,
  dueRunTimes,
  firesMoreOftenThan,
  isKnownTimeZone,
  nextRunTimes,
  scheduleFrequencyMessage,
} from './schedule.ts';

const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('crontabProblem', () => {
  it('accepts 5-field expressions with steps, ranges, lists and names', () => {
    for (const crontab of [
      '0 9 * * *',
      '*/5 * * * *',
      '0 9-17 * * 1-5',
      '0,30 8,12 1,15 * *',
      '0 9 * * MON-FRI',
      '0 0 1 JAN,JUL *',
      '15 10 * * sun',
      '  0 9 * * *  ',
      '@daily',
      '@Weekly',
      '0 12 29 2 *',
    ]) {
      expect(crontabProblem(crontab), crontab).toBeNull();
    }
  });

  it('says what is wrong', () => {
    expect(crontabProblem('* * *')).toBe(
      'Expected 5 fields (minute hour day-of-month month day-of-week), found 3',
    );
    expect(crontabProblem('0 0 9 * * *')).toBe(
      'Expected 5 fields (minute hour day-of-month month day-of-week), found 6',
    );
    expect(crontabProblem('')).toBe('The cron expression is empty');
    expect(crontabProblem('61 * * * *')).toBe('Invalid value for minute: 61');
    expect(crontabProblem('0 24 * * *')).toBe('Invalid value for hour: 24');
    expect(crontabProblem('*/0 * * * *')).toBe('Syntax error, illegal stepping: 0');
    expect(crontabProblem('0 9 * * FUNDAY')).not.toBeNull();
    expect(crontabProblem('@sometimes')).toBe('Unknown shorthand @sometimes');
    expect(crontabProblem('0 0 30 2 *')).toBe('The cron expression never matches a date');
  });
});

describe('isKnownTimeZone', () => {
  it('knows IANA names, UTC and aliases', () => {
    for (const zone of [
      'UTC',
      'Etc/UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Asia/Calcutta',
    ]) {
      expect(isKnownTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuses the rest', () => {
    for (const zone of ['', 'Mars/Olympus', '+05:30', 'UTC+3', 'Europe/', 'europe/berlin', 'utc']) {
      expect(isKnownTimeZone(zone), zone).toBe(false);
    }
  });
});

describe('nextRunTimes', () => {
  it('gives runs strictly after the reference', () => {
    expect(iso(nextRunTimes('0 9 * * *', 'UTC', new Date('2026-01-01T09:00:00Z'), 2))).toEqual([
      '2026-01-02T09:00:00.000Z',
      '2026-01-03T09:00:00.000Z',
    ]);
    expect(iso(nextRunTimes('0 9 * * *', 'UTC', new Date('2026-01-01T08:59:59.999Z'), 1))).toEqual([
      '2026-01-01T09:00:00.000Z',
    ]);
    expect(iso(nextRunTimes('*/5 * * * *', 'UTC', new Date('2026-01-01T10:02:30Z'), 3))).toEqual([
      '2026-01-01T10:05:00.000Z',
      '2026-01-01T10:10:00.000Z',
      '2026-01-01T10:15:00.000Z',
    ]);
    expect(nextRunTimes('0 9 * * *', 'UTC', new Date('2026-01-01T00:00:00Z'), 0)).toEqual([]);
  });

  it('ORs day-of-month and day-of-week like croniter', () => {
    expect(iso(nextRunTimes('0 0 13 * FRI', 'UTC', new Date('2026-01-01T00:00:00Z'), 4))).toEqual([
      '2026-01-02T00:00:00.000Z',
      '2026-01-09T00:00:00.000Z',
      '2026-01-13T00:00:00.000Z',
      '2026-01-16T00:00:00.000Z',
    ]);
  });

  it('runs Mondays at 09:00', () => {
    expect(iso(nextRunTimes('0 9 * * 1', 'UTC', new Date('2026-11-26T00:00:00Z'), 2))).toEqual([
      '2026-11-30T09:00:00.000Z',
      '2026-12-07T09:00:00.000Z',
    ]);
  });

  it('keeps 09:00 local in New York across the November change', () => {
    // EDT (UTC-4) until 2026-11-01 02:00, EST (UTC-5) after.
    expect(iso(nextRunTimes('0 9 * * *', 'America/New_York', new Date('2026-10-31T00:00:00Z'), 3))).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z',
      '2026-11-02T14:00:00.000Z',
    ]);
  });

  it('runs a time skipped by spring forward at the end of the gap (Europe/Berlin)', () => {
    // 2026-03-29: 02:00 CET jumps to 03:00 CEST, so 02:30 does not exist that day; croner runs the
    // job at 03:00 CEST (01:00Z), then at 02:30 CEST (00:30Z) on the following days.
    expect(iso(nextRunTimes('30 2 * * *', 'Europe/Berlin', new Date('2026-03-28T12:00:00Z'), 3))).toEqual([
      '2026-03-29T01:00:00.000Z',
      '2026-03-30T00:30:00.000Z',
      '2026-03-31T00:30:00.000Z',
    ]);
  });

  it('runs a time repeated by fall back once, at its first occurrence (Europe/Berlin)', () => {
    // 2026-10-25: 02:30 happens at 00:30Z (CEST) and again at 01:30Z (CET).
    expect(iso(nextRunTimes('30 2 * * *', 'Europe/Berlin', new Date('2026-10-24T12:00:00Z'), 2))).toEqual([
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
    ]);
  });

  it('keeps an interval job on its interval through fall back', () => {
    expect(iso(nextRunTimes('0 * * * *', 'Europe/Berlin', new Date('2026-10-24T23:30:00Z'), 4))).toEqual([
      '2026-10-25T00:00:00.000Z',
      '2026-10-25T01:00:00.000Z',
      '2026-10-25T02:00:00.000Z',
      '2026-10-25T03:00:00.000Z',
    ]);
  });

  it('follows a half-hour offset (Asia/Kolkata, UTC+5:30)', () => {
    expect(iso(nextRunTimes('0 9 * * *', 'Asia/Kolkata', new Date('2026-01-01T00:00:00Z'), 2))).toEqual([
      '2026-01-01T03:30:00.000Z',
      '2026-01-02T03:30:00.000Z',
    ]);
  });

  it('throws on a bad crontab or time zone', () => {
    expect(() => nextRunTimes('* * *', 'UTC', new Date(), 1)).toThrow(RangeError);
    expect(() => nextRunTimes('0 9 * * *', 'Mars/Olympus', new Date(), 1)).toThrow(
      "Unknown time zone 'Mars/Olympus'",
    );
  });
});

describe('dueRunTimes', () => {
  it('returns the runs in (since, until], oldest first', () => {
    const due = dueRunTimes(
      '*/15 * * * *',
      'UTC',
      new Date('2026-01-01T10:00:00Z'),
      new Date('2026-01-01T10:45:00Z'),
    );
    expect(iso(due)).toEqual([
      '2026-01-01T10:15:00.000Z',
      '2026-01-01T10:30:00.000Z',
      '2026-01-01T10:45:00.000Z',
    ]);
  });

  it('counts a run exactly once across consecutive ticks', () => {
    const ticks = ['2026-01-01T08:59:30Z', '2026-01-01T09:00:00Z', '2026-01-01T09:00:30Z'].map(
      (t) => new Date(t),
    );
    expect(dueRunTimes('0 9 * * *', 'UTC', ticks[0]!, ticks[1]!)).toHaveLength(1);
    expect(dueRunTimes('0 9 * * *', 'UTC', ticks[1]!, ticks[2]!)).toEqual([]);
    // A late tick still finds it.
    expect(iso(dueRunTimes('0 9 * * *', 'UTC', ticks[0]!, new Date('2026-01-01T09:00:05.250Z')))).toEqual([
      '2026-01-01T09:00:00.000Z',
    ]);
  });

  it('keeps the newest `limit` runs when more are due', () => {
    const due = dueRunTimes(
      '* * * * *',
      'UTC',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2026-01-02T00:00:00Z'),
      3,
    );
    expect(iso(due)).toEqual([
      '2026-01-01T23:58:00.000Z',
      '2026-01-01T23:59:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]);
    expect(
      dueRunTimes('* * * * *', 'UTC', new Date('2026-01-01T00:00:00Z'), new Date('2026-01-02T00:00:00Z')),
    ).toHaveLength(10);
  });

  it('is empty for an empty or inverted window', () => {
    const t = new Date('2026-01-01T09:00:00Z');
    expect(dueRunTimes('0 9 * * *', 'UTC', t, t)).toEqual([]);
    expect(dueRunTimes('0 9 * * *', 'UTC', t, new Date('2026-01-01T08:00:00Z'))).toEqual([]);
  });

  it('agrees with nextRunTimes across DST changes', () => {
    for (const [crontab, zone, since, until] of [
      ['30 2 * * *', 'Europe/Berlin', '2026-03-27T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['30 2 * * *', 'Europe/Berlin', '2026-10-23T00:00:00Z', '2026-10-28T00:00:00Z'],
      ['0 9 * * *', 'America/New_York', '2026-10-30T00:00:00Z', '2026-11-04T00:00:00Z'],
      ['*/30 * * * *', 'Europe/Berlin', '2026-10-24T22:00:00Z', '2026-10-25T04:00:00Z'],
    ] as const) {
      const from = new Date(since);
      const to = new Date(until);
      const forward = nextRunTimes(crontab, zone, from, 50).filter((d) => d <= to);
      expect(iso(dueRunTimes(crontab, zone, from, to, 50)), `${crontab} ${zone}`).toEqual(iso(forward));
    }
  });
});

describe('firesMoreOftenThan', () => {
  const from = new Date('2026-01-05T00:00:00Z');

  it('allows anything without a limit', () => {
    expect(firesMoreOftenThan('* * * * *', 0, from)).toBe(false);
  });

  it('compares the gap between consecutive runs with the limit', () => {
    expect(firesMoreOftenThan('*/5 * * * *', 600, from)).toBe(true);
    expect(firesMoreOftenThan('*/10 * * * *', 600, from)).toBe(false);
    expect(firesMoreOftenThan('0 9 * * *', 3600, from)).toBe(false);
    expect(firesMoreOftenThan('@hourly', 2 * 3600, from)).toBe(true);
  });

  it('finds an uneven gap, such as two runs an hour apart once a week', () => {
    expect(firesMoreOftenThan('0 9,10 * * 1', 2 * 3600, from)).toBe(true);
    expect(firesMoreOftenThan('0 9,10 * * 1', 3600, from)).toBe(false);
  });

  it('leaves an invalid crontab to crontabProblem', () => {
    expect(firesMoreOftenThan('not a crontab', 600, from)).toBe(false);
  });
});

describe('scheduleFrequencyMessage', () => {
  it("is Superset's text, in whole minutes", () => {
    expect(scheduleFrequencyMessage('Alert', 600)).toBe(
      'Alert schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 10 minutes per execution.',
    );
    expect(scheduleFrequencyMessage('Report', 90)).toBe(
      'Report schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 1 minutes per execution.',
    );
  });
});
