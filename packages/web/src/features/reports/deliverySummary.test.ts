import { ERROR_NOTIFICATION_MARKER, PREVIOUS_WORKING_MESSAGE } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { deliverySummary, type SummarySchedule } from './deliverySummary.ts';

const NOW = new Date('2024-05-06T08:00:00Z');
const DAILY: SummarySchedule = {
  active: true,
  crontab: '0 9 * * *',
  timezone: 'UTC',
  last_state: 'Not triggered',
  last_eval_dttm: null,
};

function log(state: string, start: string, extra: { end?: string; error?: string | null } = {}) {
  return {
    state,
    scheduled_dttm: start,
    start_dttm: start,
    end_dttm: extra.end ?? start,
    error_message: extra.error ?? null,
  };
}

describe('deliverySummary', () => {
  it('says an inactive schedule is off, with no next run', () => {
    const summary = deliverySummary(
      { ...DAILY, active: false },
      [log('Success', '2024-05-05T09:00:00')],
      NOW,
    );
    expect(summary).toEqual({ verdict: { kind: 'inactive' }, nextRun: null });
  });

  it('gives the next run from the crontab in its time zone', () => {
    expect(deliverySummary(DAILY, [], NOW).nextRun).toEqual(new Date('2024-05-06T09:00:00Z'));
    const moscow = deliverySummary({ ...DAILY, timezone: 'Europe/Moscow' }, [], NOW);
    expect(moscow.nextRun).toEqual(new Date('2024-05-07T06:00:00Z'));
  });

  it('has no next run for a schedule that cannot run', () => {
    expect(deliverySummary({ ...DAILY, crontab: 'nonsense' }, [], NOW).nextRun).toBeNull();
  });

  it("says a schedule that never ran has not run yet, whatever its default 'Not triggered' state", () => {
    expect(deliverySummary(DAILY, [], NOW).verdict).toEqual({ kind: 'neverRun' });
  });

  it('says the last run sent it, reading naive server times as UTC', () => {
    const summary = deliverySummary(
      DAILY,
      [
        log('Error', '2024-05-04T09:00:00', { error: 'old' }),
        log('Success', '2024-05-05T09:00:00', { end: '2024-05-05T09:00:12' }),
      ],
      NOW,
    );
    expect(summary.verdict).toEqual({ kind: 'sent', at: new Date('2024-05-05T09:00:12Z') });
  });

  it("gives the last error's cause, not the owners' notice written after it", () => {
    const summary = deliverySummary(
      DAILY,
      [
        log('Working', '2024-05-05T09:00:00'),
        log('Error', '2024-05-05T09:00:01', { error: 'SMTP refused the message' }),
        log('Error', '2024-05-05T09:00:02', { error: ERROR_NOTIFICATION_MARKER }),
      ],
      NOW,
    );
    expect(summary.verdict).toEqual({
      kind: 'error',
      error: expect.objectContaining({ error_message: 'SMTP refused the message' }),
      at: new Date('2024-05-05T09:00:01Z'),
    });
  });

  it('says an alert on grace waits until the grace period after its last success ends', () => {
    const summary = deliverySummary(
      { ...DAILY, grace_period: 3600 },
      [log('Success', '2024-05-06T07:00:00'), log('On Grace', '2024-05-06T07:30:00')],
      NOW,
    );
    expect(summary.verdict).toEqual({ kind: 'onGrace', until: new Date('2024-05-06T08:00:00Z') });
  });

  it('says when the alert condition was false', () => {
    const summary = deliverySummary(DAILY, [log('Not triggered', '2024-05-06T07:00:00')], NOW);
    expect(summary.verdict).toEqual({ kind: 'notTriggered', at: new Date('2024-05-06T07:00:00Z') });
  });

  it('says a run is still working, since when', () => {
    const summary = deliverySummary(DAILY, [log('Working', '2024-05-06T07:59:00+00:00')], NOW);
    expect(summary.verdict).toEqual({ kind: 'working', since: new Date('2024-05-06T07:59:00Z') });
  });

  it('says a run stood down because another run of the schedule was still working', () => {
    const refused = {
      ...log('Working', '2024-05-06T07:59:00+00:00'),
      error_message: PREVIOUS_WORKING_MESSAGE,
    };
    const summary = deliverySummary(DAILY, [refused], NOW);
    expect(summary.verdict).toEqual({ kind: 'skippedOverlap', at: new Date('2024-05-06T07:59:00Z') });
  });

  it('tells what the running run did once it ends, not the run it refused meanwhile', () => {
    const refused = {
      ...log('Working', '2024-05-06T08:00:10+00:00'),
      error_message: PREVIOUS_WORKING_MESSAGE,
    };
    const sent = { ...log('Success', '2024-05-06T08:00:30+00:00'), start_dttm: '2024-05-06T08:00:00+00:00' };
    expect(deliverySummary(DAILY, [refused, sent], NOW).verdict.kind).toBe('sent');
  });

  it("falls back on the list's last state when the log is empty", () => {
    const evaluated = { ...DAILY, last_eval_dttm: '2024-05-06T07:00:00' };
    expect(deliverySummary({ ...evaluated, last_state: 'Error' }, [], NOW).verdict).toEqual({
      kind: 'error',
      error: null,
      at: null,
    });
    expect(deliverySummary(evaluated, [], NOW).verdict).toEqual({
      kind: 'notTriggered',
      at: new Date('2024-05-06T07:00:00Z'),
    });
  });
});
