import { describe, expect, it } from 'vitest';
import { runError } from './runErrors.ts';
import {
  afterNotice,
  afterRun,
  ERROR_NOTIFICATION_MARKER,
  type ExecutionLogEntry,
  isInErrorGracePeriod,
  planRun,
  type RunInput,
  type RunPlan,
} from './states.ts';

const invalid = runError('alert_value_invalid', {}, 'Alert validator config error.');
const refused = runError('mail_refused', {}, 'SMTP down');

const now = new Date('2026-01-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
const log = (state: ExecutionLogEntry['state'], minutes: number, errorMessage: string | null = null) => ({
  state,
  endDttm: minutesAgo(minutes),
  errorMessage,
});

const input = (over: Partial<RunInput>): RunInput => ({
  type: 'Alert',
  lastState: null,
  lastEvalDttm: null,
  gracePeriod: 4 * 3600,
  workingTimeout: 3600,
  logs: [],
  now,
  ...over,
});

const runPlan = (plan: RunPlan) => {
  if (plan.action !== 'run') throw new Error(`expected a run, got ${plan.action}`);
  return plan;
};

describe('planRun', () => {
  it('runs a new schedule: Working first, the alert query for alerts only', () => {
    expect(planRun(input({}))).toEqual({
      action: 'run',
      record: { state: 'Working', errorMessage: null },
      evaluateAlert: true,
      from: 'idle',
      inErrorGracePeriod: false,
    });
    expect(runPlan(planRun(input({ type: 'Report' }))).evaluateAlert).toBe(false);
  });

  it('runs again after Not triggered and after Error', () => {
    for (const lastState of ['Not triggered', 'Error'] as const) {
      expect(runPlan(planRun(input({ lastState, lastEvalDttm: minutesAgo(5) }))).from).toBe('idle');
    }
  });

  it('refuses to start while the previous run is Working within its timeout', () => {
    const plan = planRun(
      input({ lastState: 'Working', lastEvalDttm: minutesAgo(10), logs: [log('Working', 10)] }),
    );
    expect(plan).toEqual({
      action: 'skip-working',
      record: {
        state: 'Working',
        errorMessage: 'Report Schedule is still working, refusing to re-compute.',
        error: runError('previous_working'),
      },
    });
  });

  it('marks a run Working past working_timeout as an error', () => {
    const plan = planRun(
      input({
        lastState: 'Working',
        lastEvalDttm: minutesAgo(5),
        // The refusal rows (with a message) do not restart the clock; the row that entered Working does.
        logs: [
          log('Working', 61),
          log('Working', 5, 'Report Schedule is still working, refusing to re-compute.'),
        ],
      }),
    );
    expect(plan).toEqual({
      action: 'timeout-working',
      record: {
        state: 'Error',
        errorMessage: 'Report Schedule reached a working timeout.',
        error: runError('working_timeout'),
      },
    });
  });

  it('never times out without a working_timeout or an entering row', () => {
    const base = { lastState: 'Working' as const, lastEvalDttm: minutesAgo(500) };
    expect(planRun(input({ ...base, workingTimeout: null, logs: [log('Working', 500)] })).action).toBe(
      'skip-working',
    );
    expect(planRun(input({ ...base, logs: [] })).action).toBe('skip-working');
  });

  it('keeps a fired alert On Grace within grace_period of its last Success', () => {
    for (const lastState of ['Success', 'On Grace'] as const) {
      expect(
        planRun(
          input({ lastState, lastEvalDttm: minutesAgo(1), logs: [log('Success', 239), log('On Grace', 1)] }),
        ),
      ).toEqual({
        action: 'grace',
        record: {
          state: 'On Grace',
          errorMessage: 'Alert fired during grace period.',
          error: runError('grace_period'),
        },
      });
    }
  });

  it('evaluates the alert again once grace_period has passed', () => {
    const plan = planRun(
      input({ lastState: 'On Grace', lastEvalDttm: minutesAgo(1), logs: [log('Success', 241)] }),
    );
    expect(runPlan(plan)).toMatchObject({ evaluateAlert: true, from: 'success' });
  });

  it('has no grace period when grace_period is 0 or for a report', () => {
    const logs = [log('Success', 1)];
    expect(planRun(input({ lastState: 'Success', gracePeriod: 0, logs })).action).toBe('run');
    expect(planRun(input({ type: 'Report', lastState: 'Success', logs })).action).toBe('run');
  });
});

describe('isInErrorGracePeriod', () => {
  const notice = log('Error', 30, ERROR_NOTIFICATION_MARKER);

  it('holds within grace_period of the last error notice while only errors followed', () => {
    expect(
      isInErrorGracePeriod({ gracePeriod: 3600, now, logs: [log('Success', 90), notice, log('Error', 10)] }),
    ).toBe(true);
    expect(isInErrorGracePeriod({ gracePeriod: 1200, now, logs: [notice] })).toBe(false);
    expect(isInErrorGracePeriod({ gracePeriod: 3600, now, logs: [] })).toBe(false);
  });

  it('ends when a run succeeded or did not fire after the notice', () => {
    expect(isInErrorGracePeriod({ gracePeriod: 3600, now, logs: [notice, log('Not triggered', 20)] })).toBe(
      false,
    );
  });
});

describe('afterRun', () => {
  const idle = runPlan(planRun(input({})));
  const success = runPlan(planRun(input({ lastState: 'Success', logs: [log('Success', 300)] })));

  it('records Not triggered and Success', () => {
    expect(afterRun(idle, { kind: 'not-triggered' })).toEqual({
      record: { state: 'Not triggered', errorMessage: null },
      notifyOwners: false,
    });
    expect(afterRun(success, { kind: 'sent' })).toEqual({
      record: { state: 'Success', errorMessage: null },
      notifyOwners: false,
    });
    expect(
      afterRun(idle, { kind: 'sent', warnings: ['Filter a not applied', 'Filter b not applied'] }).record,
    ).toEqual({
      state: 'Success',
      errorMessage: 'Filter a not applied;Filter b not applied',
    });
  });

  it('from idle records the error and tells the owners outside the error grace period', () => {
    expect(
      afterRun(idle, {
        kind: 'failed',
        stage: 'alert',
        message: 'Alert validator config error.',
        error: invalid,
      }),
    ).toEqual({
      record: { state: 'Error', errorMessage: 'Alert validator config error.', error: invalid },
      notifyOwners: true,
    });
    const quiet = runPlan(
      planRun(
        input({
          lastState: 'Error',
          logs: [log('Error', 30, ERROR_NOTIFICATION_MARKER), log('Error', 15, 'x')],
        }),
      ),
    );
    expect(quiet.inErrorGracePeriod).toBe(true);
    expect(afterRun(quiet, { kind: 'failed', stage: 'send', message: 'SMTP down', error: refused })).toEqual({
      record: { state: 'Error', errorMessage: 'SMTP down', error: refused },
      notifyOwners: false,
    });
  });

  it('from success tells the owners of an alert query failure, and only records a sending failure', () => {
    expect(afterRun(success, { kind: 'failed', stage: 'alert', message: 'boom', error: invalid })).toEqual({
      record: null,
      notifyOwners: true,
    });
    expect(
      afterRun(success, { kind: 'failed', stage: 'send', message: 'SMTP down', error: refused }),
    ).toEqual({
      record: { state: 'Error', errorMessage: 'SMTP down', error: refused },
      notifyOwners: false,
    });
  });

  it('records the notice with the marker, or why it failed', () => {
    expect(afterNotice()).toEqual({
      state: 'Error',
      errorMessage: 'Notification sent with error',
      error: runError('notification_sent'),
    });
    expect(afterNotice({ message: 'Connection refused', error: refused })).toEqual({
      state: 'Error',
      errorMessage: 'Connection refused',
      error: refused,
    });
  });
});
