import { PREVIOUS_WORKING_MESSAGE, WORKING_TIMEOUT_MESSAGE } from '@vitrina/common/reports/states';
import { describe, expect, it } from 'vitest';
import { metastoreKinds } from '../../testing/testApp.ts';
import { runScheduledReport } from './execute.ts';
import { REPORTS_QUEUE, reportJobId, scheduleDueReports } from './scheduling.ts';
import { pruneReportLogs, sweepStuckReportRuns } from './sweep.ts';
import {
  insertChartReport,
  insertLogRow,
  insertWorkingReport,
  logRows,
  mailsTo,
  scheduleRow,
  useReportsWorld,
} from './testWorld.ts';

const t = (iso: string) => new Date(`2026-01-05T${iso}Z`);

describe.each(metastoreKinds)('the report scheduler on %s', (metastore) => {
  const world = useReportsWorld({ metastore });

  it('enqueues a due run exactly once across ticks of successive leaders', async () => {
    const { ctx } = world().harness;
    const id = await insertChartReport(world(), {
      name: 'Nine o’clock',
      crontab: '0 9 * * *',
      created_on: '2026-01-01T00:00:00.000Z',
    });
    const ran: string[] = [];
    const worker = ctx.platform.queue.process(REPORTS_QUEUE, async (job) => void ran.push(job.id));

    // The first tick ever only sets the mark; the next leader continues from it.
    expect(await scheduleDueReports(ctx, t('08:59:40'))).toEqual([]);
    expect(await scheduleDueReports(ctx, t('09:00:10'))).toEqual([
      { reportId: id, scheduled: t('09:00:00') },
    ]);
    expect(await scheduleDueReports(ctx, t('09:00:40'))).toEqual([]);
    // A leader whose clock is behind does not move the mark back.
    expect(await scheduleDueReports(ctx, t('09:00:05'))).toEqual([]);

    const jobId = reportJobId(id, t('09:00:00'));
    await expect.poll(() => ctx.platform.queue.getState(REPORTS_QUEUE, jobId)).toBe('completed');
    // Two leaders overlapping on the same window enqueue the same job id: the queue keeps one.
    await ctx.platform.queue.enqueue(
      REPORTS_QUEUE,
      { report_id: id, scheduled: t('09:00:00').toISOString() },
      { jobId },
    );
    await worker.close();
    expect(ran).toEqual([jobId]);
  });

  it('turns a run stuck in Working past its timeout into Error, and leaves a recent one', async () => {
    const { harness } = world();
    const now = new Date();
    const stuck = await insertWorkingReport(world(), {
      name: 'Stuck',
      since: new Date(now.getTime() - 600_000),
      workingTimeout: 60,
    });
    const busy = await insertWorkingReport(world(), {
      name: 'Busy',
      since: new Date(now.getTime() - 10_000),
      workingTimeout: 3600,
    });

    expect(await sweepStuckReportRuns(harness.ctx, now)).toBe(1);

    expect((await logRows(harness, stuck)).map((row) => [row.state, row.error_message])).toEqual([
      ['Error', WORKING_TIMEOUT_MESSAGE],
    ]);
    expect((await scheduleRow(harness, stuck)).last_state).toBe('Error');
    expect((await logRows(harness, busy)).map((row) => row.state)).toEqual(['Working']);
    expect((await scheduleRow(harness, busy)).last_state).toBe('Working');
  });

  it('records Error when a run finds the previous one Working past its timeout', async () => {
    const { harness } = world();
    const id = await insertWorkingReport(world(), {
      name: 'Timed out',
      since: new Date(Date.now() - 7_200_000),
      workingTimeout: 3600,
    });

    expect(await runScheduledReport(harness.ctx, id, t('09:00:00'))).toBe('Error');

    expect((await logRows(harness, id)).at(-1)?.error_message).toBe(WORKING_TIMEOUT_MESSAGE);
  });

  it('runs one of two simultaneous runs of a schedule and logs the other as refused', async () => {
    const { harness, sink } = world();
    const id = await insertChartReport(world(), {
      name: 'Twice at nine',
      report_format: 'TEXT',
      recipients: [`overlap-${metastore}@example.com`],
    });

    // Two workers given two due times of one schedule at once.
    const states = await Promise.all([
      runScheduledReport(harness.ctx, id, t('09:00:00')),
      runScheduledReport(harness.ctx, id, t('09:01:00')),
    ]);

    expect(states.sort()).toEqual(['Success', 'Working']);
    expect(mailsTo(sink, `overlap-${metastore}@example.com`)).toHaveLength(1);
    const rows = await logRows(harness, id);
    expect(rows.map((row) => [row.state, row.error_message]).sort()).toEqual(
      [
        ['Success', null],
        ['Working', null],
        ['Working', PREVIOUS_WORKING_MESSAGE],
      ].sort(),
    );
    // The refused run leaves the schedule's state to the one that ran.
    expect((await scheduleRow(harness, id)).last_state).toBe('Success');
  });

  it('deletes log rows older than the schedule’s retention', async () => {
    const { harness } = world();
    const now = new Date();
    const id = await insertChartReport(world(), { name: 'Retained', log_retention: 7 });
    await insertLogRow(harness, id, 'Success', new Date(now.getTime() - 8 * 86_400_000));
    await insertLogRow(harness, id, 'Success', new Date(now.getTime() - 6 * 86_400_000));

    await pruneReportLogs(harness.ctx, now);

    expect(await logRows(harness, id)).toHaveLength(1);
  });
});
