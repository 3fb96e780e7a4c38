import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerLeadership } from '../../processes/scheduler.ts';
import { startWorker } from '../../processes/worker.ts';
import { serviceAvailable } from '../../testing/services.ts';
import { useSharedStores } from '../../testing/sharedStores.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { REPORTS_QUEUE, reportJobId } from './scheduling.ts';
import {
  buildReportsWorld,
  closeReportsWorld,
  insertChartReport,
  logRows,
  mailsTo,
  type ReportsFlowWorld,
} from './testWorld.ts';

const hasServices = (await serviceAvailable('postgres')) && (await serviceAvailable('redis'));

const t = (iso: string) => new Date(`2026-01-05T${iso}Z`);

function recordingLog() {
  const lines: string[] = [];
  return {
    lines,
    info: (line: string) => void lines.push(line),
    error: (line: string) => void lines.push(line),
  };
}

/**
 * Two scheduler processes and a worker as a scaled-out installation runs them: one PostgreSQL
 * metastore and one Redis, nothing else shared. The schedulers' clocks are driven by the test, so
 * both see the same due time in the same order every run.
 */
describe.skipIf(!hasServices)('two schedulers on one Redis', { timeout: 60_000 }, () => {
  const stores = useSharedStores('cluster');
  let world: ReportsFlowWorld;
  let schedulerApp: TestApp;

  beforeAll(async () => {
    world = await buildReportsWorld(stores().appOptions);
    schedulerApp = await createTestApp(stores().appOptions);
  });
  afterAll(async () => {
    await closeReportsWorld(world);
    await schedulerApp?.close();
  });

  it('sends one mail per due time, enqueued by the lock holder only', async () => {
    const { harness, sink } = world;
    const id = await insertChartReport(world, {
      name: 'Every minute',
      crontab: '* * * * *',
      report_format: 'TEXT',
      recipients: ['cluster@example.com'],
      created_on: '2026-01-01T00:00:00.000Z',
    });
    const worker = startWorker(harness.ctx, recordingLog());
    const leaderLog = recordingLog();
    const standbyLog = recordingLog();
    // The leader runs in another app than the worker: the job reaches the worker through Redis.
    const leader = schedulerLeadership(schedulerApp.ctx, leaderLog);
    const standby = schedulerLeadership(harness.ctx, standbyLog);
    const jobState = (scheduled: Date) =>
      harness.ctx.platform.queue.getState(REPORTS_QUEUE, reportJobId(id, scheduled));

    // The first tick sets the mark; the second sees 09:00 fall due. Both schedulers tick each time.
    for (const now of [t('08:59:40'), t('09:00:10')]) {
      expect(await leader.tick(now)).toBe(true);
      expect(await standby.tick(now)).toBe(false);
    }
    await expect.poll(() => jobState(t('09:00:00')), { timeout: 30_000 }).toBe('completed');
    expect(mailsTo(sink, 'cluster@example.com')).toHaveLength(1);
    expect(standbyLog.lines).toEqual([]);

    // The leader stops; the standby takes over from the stored mark and sends 09:01 only.
    await leader.resign();
    expect(await standby.tick(t('09:01:10'))).toBe(true);
    await expect.poll(() => jobState(t('09:01:00')), { timeout: 30_000 }).toBe('completed');
    await standby.resign();
    await worker.stop();

    const mails = mailsTo(sink, 'cluster@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual(['[Report] Every minute', '[Report] Every minute']);
    const rows = await logRows(harness, id);
    expect(rows.map((row) => [row.scheduled_dttm, row.state])).toEqual([
      [t('09:00:00').toISOString(), 'Working'],
      [t('09:00:00').toISOString(), 'Success'],
      [t('09:01:00').toISOString(), 'Working'],
      [t('09:01:00').toISOString(), 'Success'],
    ]);
    expect(leaderLog.lines).toEqual(['Scheduler is the leader']);
    expect(standbyLog.lines).toEqual(['Scheduler is the leader']);
  });
});
