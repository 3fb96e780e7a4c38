import { afterEach, describe, expect, it } from 'vitest';
import { runScheduledReport } from './execute.ts';
import { insertChartReport, logRows, mailsTo, useReportsWorld } from './testWorld.ts';

/**
 * VITRINA_REPORT_EXECUTOR: every report runs as one configured account instead of its owner, as
 * Superset's fixed executor; its rights decide what the report shows.
 */
describe('a configured report executor', () => {
  const world = useReportsWorld();
  const scheduled = new Date('2026-02-02T09:00:00Z');
  afterEach(() => {
    world().harness.ctx.config.reportExecutor = null;
  });

  it("runs the report with the executor's rights, not the owner's", async () => {
    const { harness, sink } = world();
    // carol may not read the orders the chart shows; alice, the owner, may.
    harness.ctx.config.reportExecutor = 'carol';
    const refused = await insertChartReport(world(), {
      name: 'As carol',
      recipients: ['carol-run@example.com'],
    });
    expect(await runScheduledReport(harness.ctx, refused, scheduled)).toBe('Error');
    expect(mailsTo(sink, 'carol-run@example.com')).toEqual([]);

    harness.ctx.config.reportExecutor = 'bob';
    const sent = await insertChartReport(world(), { name: 'As bob', recipients: ['bob-run@example.com'] });
    expect(await runScheduledReport(harness.ctx, sent, scheduled)).toBe('Success');
    expect(mailsTo(sink, 'bob-run@example.com')).toHaveLength(1);
  });

  it('fails the run, saying so, when the executor is not an active user', async () => {
    const { harness } = world();
    harness.ctx.config.reportExecutor = 'nobody';
    const id = await insertChartReport(world(), { name: 'As nobody' });
    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Error');
    const rows = await logRows(harness, id);
    expect(rows[1]?.error_message).toBe(
      'The configured report executor "nobody" is not an active user (VITRINA_REPORT_EXECUTOR)',
    );
  });
});
