import { GRACE_PERIOD_MESSAGE } from '@vitrina/common/reports/states';
import { describe, expect, it } from 'vitest';
import { runScheduledReport } from './execute.ts';
import { insertChartReport, logRows, mailsTo, scheduleRow, useReportsWorld } from './testWorld.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute));

describe('a scheduled alert', () => {
  const world = useReportsWorld();

  const alert = (name: string, sql: string, threshold: number, recipient: string) =>
    insertChartReport(world(), {
      name,
      type: 'Alert',
      report_format: 'TEXT',
      database_id: world().databaseId,
      sql,
      validator_type: 'operator',
      validator_config_json: JSON.stringify({ op: '>', threshold }),
      owners: [world().userIds.admin],
      recipients: [recipient],
    });

  it('that fires sends its mail and keeps the value it compared', async () => {
    const { harness, sink } = world();
    const id = await alert('Many orders', 'select count(*) from orders', 3, 'fires@example.com');

    expect(await runScheduledReport(harness.ctx, id, at(0))).toBe('Success');

    const [mail] = mailsTo(sink, 'fires@example.com');
    expect(mail?.subject).toBe('[Alert] Many orders');
    expect(mail?.html).toContain('<th>city</th>');
    const schedule = await scheduleRow(harness, id);
    expect([schedule.last_state, schedule.last_value]).toEqual(['Success', 6]);
    expect((await logRows(harness, id)).map((row) => [row.state, row.value])).toEqual([
      ['Working', null],
      ['Success', 6],
    ]);
  });

  it('that does not fire records Not triggered and sends nothing', async () => {
    const { harness, sink } = world();
    const id = await alert('Huge orders', 'select count(*) from orders', 100, 'quiet@example.com');

    expect(await runScheduledReport(harness.ctx, id, at(0))).toBe('Not triggered');

    expect(mailsTo(sink, 'quiet@example.com')).toEqual([]);
    const schedule = await scheduleRow(harness, id);
    expect([schedule.last_state, schedule.last_value]).toEqual(['Not triggered', 6]);
  });

  it('that fired within its grace period records On Grace without querying or sending', async () => {
    const { harness, sink } = world();
    const id = await alert('Graceful', 'select count(*) from orders', 3, 'grace@example.com');
    await runScheduledReport(harness.ctx, id, at(0));

    expect(await runScheduledReport(harness.ctx, id, at(1))).toBe('On Grace');

    expect(mailsTo(sink, 'grace@example.com')).toHaveLength(1);
    const rows = await logRows(harness, id);
    expect(rows.map((row) => [row.state, row.error_message]).at(-1)).toEqual([
      'On Grace',
      GRACE_PERIOD_MESSAGE,
    ]);
  });

  it('whose SQL writes is refused by the SQL Lab policy and records Error', async () => {
    const { harness, sink } = world();
    const id = await alert('Sneaky', 'delete from orders', 3, 'sneaky@example.com');

    expect(await runScheduledReport(harness.ctx, id, at(0))).toBe('Error');

    expect(mailsTo(sink, 'sneaky@example.com')).toEqual([]);
    expect((await logRows(harness, id))[1]?.error_message).toBe(
      'Only SELECT statements are allowed against this database.',
    );
  });

  it('whose query answers several rows records Superset’s error', async () => {
    const { harness } = world();
    const id = await alert('Rows', 'select id from orders', 3, 'rows@example.com');

    expect(await runScheduledReport(harness.ctx, id, at(0))).toBe('Error');

    // LIMIT 2: enough to tell one row from several without reading them all.
    expect((await logRows(harness, id))[1]?.error_message).toBe(
      'Alert query returned more than one row. 2 rows returned',
    );
  });
});
