import { describe, expect, it } from 'vitest';
import {
  dueScheduledRun,
  localDate,
  nextScheduledRun,
  type QueryScheduleInfo,
  readScheduleInfo,
  scheduleInfoProblems,
  withinScheduleWindow,
  withScheduleInfo,
} from './querySchedule.ts';

const daily: QueryScheduleInfo = {
  crontab: '0 9 * * *',
  timezone: 'Europe/Moscow',
  start_date: null,
  end_date: null,
  active: true,
};

describe('scheduleInfoProblems', () => {
  it('accepts a full schedule and a minimal one', () => {
    expect(scheduleInfoProblems(daily)).toEqual({});
    expect(scheduleInfoProblems({ crontab: '@daily', timezone: 'UTC' })).toEqual({});
    expect(
      scheduleInfoProblems({ ...daily, start_date: '2026-01-01', end_date: '2026-01-01', active: false }),
    ).toEqual({});
  });

  it('names each bad field', () => {
    expect(scheduleInfoProblems({ crontab: '61 * * * *', timezone: 'Mars/Olympus', active: 'yes' })).toEqual({
      crontab: ['Invalid value for minute: 61'],
      timezone: ["Unknown time zone 'Mars/Olympus'."],
      active: ['Not a valid boolean.'],
    });
    expect(scheduleInfoProblems({ when: 'now' })).toEqual({
      when: ['Unknown field.'],
      crontab: ['Missing data for required field.'],
      timezone: ['Missing data for required field.'],
    });
    expect(scheduleInfoProblems({ ...daily, start_date: '2026-02-30', end_date: 'tomorrow' })).toEqual({
      start_date: ['Not a valid date (YYYY-MM-DD).'],
      end_date: ['Not a valid date (YYYY-MM-DD).'],
    });
    expect(scheduleInfoProblems({ ...daily, start_date: '2026-03-02', end_date: '2026-03-01' })).toEqual({
      end_date: ['The end date is before the start date.'],
    });
    expect(scheduleInfoProblems('0 9 * * *')).toEqual({ _schema: ['Not a valid mapping type.'] });
  });
});

describe('reading and writing extra_json', () => {
  it('keeps the other keys and removes the schedule when cleared', () => {
    const extra = withScheduleInfo('{"other": 1}', daily);
    expect(JSON.parse(extra)).toEqual({ other: 1, schedule_info: daily });
    expect(readScheduleInfo(extra)).toEqual(daily);
    expect(JSON.parse(withScheduleInfo(extra, null))).toEqual({ other: 1 });
  });

  it('reads no schedule from missing, broken or invalid text, and defaults active', () => {
    expect(readScheduleInfo(null)).toBeNull();
    expect(readScheduleInfo('not json')).toBeNull();
    expect(readScheduleInfo('{"schedule_info": {"crontab": "bad"}}')).toBeNull();
    expect(
      readScheduleInfo('{"schedule_info": {"crontab": " @hourly ", "timezone": "UTC", "end_date": ""}}'),
    ).toEqual({
      crontab: '@hourly',
      timezone: 'UTC',
      start_date: null,
      end_date: null,
      active: true,
    });
  });
});

describe('when a schedule runs', () => {
  it('reads days in the schedule zone', () => {
    // 22:30 UTC on 4 January is already 5 January in Moscow (UTC+3).
    expect(localDate(new Date('2026-01-04T22:30:00Z'), 'Europe/Moscow')).toBe('2026-01-05');
    const window = { ...daily, start_date: '2026-01-05', end_date: '2026-01-06' };
    expect(withinScheduleWindow(window, new Date('2026-01-04T22:30:00Z'))).toBe(true);
    expect(withinScheduleWindow(window, new Date('2026-01-04T20:00:00Z'))).toBe(false);
    expect(withinScheduleWindow(window, new Date('2026-01-06T21:00:00Z'))).toBe(false);
  });

  it('finds the next run inside the window, none when paused or ended', () => {
    const after = new Date('2026-01-05T07:00:00Z');
    expect(nextScheduledRun(daily, after)?.toISOString()).toBe('2026-01-06T06:00:00.000Z');
    expect(nextScheduledRun({ ...daily, start_date: '2026-03-01' }, after)?.toISOString()).toBe(
      '2026-03-01T06:00:00.000Z',
    );
    expect(nextScheduledRun({ ...daily, end_date: '2026-01-05' }, after)).toBeNull();
    expect(nextScheduledRun({ ...daily, active: false }, after)).toBeNull();
  });

  it('is due once per tick window, the newest missed time only', () => {
    const hourly = { ...daily, crontab: '0 * * * *', timezone: 'UTC' };
    expect(
      dueScheduledRun(
        hourly,
        new Date('2026-01-05T06:30:00Z'),
        new Date('2026-01-05T09:10:00Z'),
      )?.toISOString(),
    ).toBe('2026-01-05T09:00:00.000Z');
    expect(
      dueScheduledRun(hourly, new Date('2026-01-05T09:00:00Z'), new Date('2026-01-05T09:30:00Z')),
    ).toBeNull();
    expect(
      dueScheduledRun(
        { ...hourly, start_date: '2026-01-06' },
        new Date('2026-01-05T08:30:00Z'),
        new Date('2026-01-05T09:10:00Z'),
      ),
    ).toBeNull();
    expect(
      dueScheduledRun(
        { ...hourly, active: false },
        new Date('2026-01-05T08:30:00Z'),
        new Date('2026-01-05T09:10:00Z'),
      ),
    ).toBeNull();
  });
});
