import { WORKING_TIMEOUT_MESSAGE } from '@vitrina/common/reports/states';
import { describe, expect, it } from 'vitest';
import { metastoreKinds, type TestApp } from '../../testing/testApp.ts';
import { runScheduledReport } from './execute.ts';
import { REPORTS_QUEUE, reportJobId, scheduleDueReports } from './scheduling.ts';
import { pruneReportLogs, sweepStuckReportRuns } from './sweep.ts';
import { insertSchedule, logRows, scheduleRow, useReportsWorld } from './testWorld.ts';

const t = (iso: string) => new Date(`2026-01-05T${iso}Z`);

async function insertLog(
  harness: TestApp,
  scheduleId: number,
  state: string,
  end: Date,
  message: string | null = null,
) {
  await harness.ctx.metastore.db
    .insertInto('report_execution_log')
    .values({
      uuid: crypto.randomUUID(),
      report_schedule_id: scheduleId,
      scheduled_dttm: end.toISOString(),
      start_dttm: end.toISOString(),
      end_dttm: end.toISOString(),
      state,
      error_message: message,
      value: null,
      value_row_json: null,
    })
    .execute();
}

describe.each(metastoreKinds)('the report scheduler on %s', (metastore) => {
  const world = useReportsWorld({ metastore });

  it('enqueues a due run exactly once across ticks of successive leaders', async () => {
    const { harness, chartId, userIds } = world();
    const { ctx } = harness;
    const id = await insertSchedule(harness, {
      name: 'Nine o’clock',
      chart_id: chartId,
      crontab: '0 9 * * *',
      owners: [userIds.alice],
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
    const { harness, chartId, userIds } = world();
    const now = new Date();
    const stuck = await insertSchedule(harness, {
      name: 'Stuck',
      chart_id: chartId,
      owners: [userIds.alice],
      working_timeout: 60,
      last_state: 'Working',
      last_eval_dttm: new Date(now.getTime() - 600_000).toISOString(),
    });
    await insertLog(harness, stuck, 'Working', new Date(now.getTime() - 600_000));
    const busy = await insertSchedule(harness, {
      name: 'Busy',
      chart_id: chartId,
      owners: [userIds.alice],
      working_timeout: 3600,
      last_state: 'Working',
      last_eval_dttm: new Date(now.getTime() - 10_000).toISOString(),
    });
    await insertLog(harness, busy, 'Working', new Date(now.getTime() - 10_000));

    expect(await sweepStuckReportRuns(harness.ctx, now)).toBe(1);

    expect((await logRows(harness, stuck)).map((row) => [row.state, row.error_message])).toEqual([
      ['Error', WORKING_TIMEOUT_MESSAGE],
    ]);
    expect((await scheduleRow(harness, stuck)).last_state).toBe('Error');
    expect((await logRows(harness, busy)).map((row) => row.state)).toEqual(['Working']);
    expect((await scheduleRow(harness, busy)).last_state).toBe('Working');
  });

  it('records Error when a run finds the previous one Working past its timeout', async () => {
    const { harness, chartId, userIds } = world();
    const long = new Date(Date.now() - 7_200_000);
    const id = await insertSchedule(harness, {
      name: 'Timed out',
      chart_id: chartId,
      owners: [userIds.alice],
      working_timeout: 3600,
      last_state: 'Working',
      last_eval_dttm: long.toISOString(),
    });
    await insertLog(harness, id, 'Working', long);

    expect(await runScheduledReport(harness.ctx, id, t('09:00:00'))).toBe('Error');

    expect((await logRows(harness, id)).at(-1)?.error_message).toBe(WORKING_TIMEOUT_MESSAGE);
  });

  it('deletes log rows older than the schedule’s retention', async () => {
    const { harness, chartId, userIds } = world();
    const now = new Date();
    const id = await insertSchedule(harness, {
      name: 'Retained',
      chart_id: chartId,
      owners: [userIds.alice],
      log_retention: 7,
    });
    await insertLog(harness, id, 'Success', new Date(now.getTime() - 8 * 86_400_000));
    await insertLog(harness, id, 'Success', new Date(now.getTime() - 6 * 86_400_000));

    await pruneReportLogs(harness.ctx, now);

    expect(await logRows(harness, id)).toHaveLength(1);
  });
});
