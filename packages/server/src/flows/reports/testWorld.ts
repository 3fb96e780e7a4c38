import type { Insertable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { type MetastoreKind, nowIso } from '../../platform/metastore/index.ts';
import type { ReportScheduleTable } from '../../platform/metastore/schema.ts';
import { buildWorld, requester, type World } from '../../resources/charts/testFixtures.ts';
import { createChart } from '../../resources/dashboards/testWorld.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { type MailSink, startMailSink } from './testMailSink.ts';

/**
 * A test app whose SMTP_URL points at a local sink, the charts world (a DuckDB `orders` table,
 * alice with access to it) and a table chart "Orders by city" (sum of amount per city). Schedules
 * are written straight into the metastore, as the API would store them.
 */

export interface ReportsFlowWorld extends World {
  harness: TestApp;
  sink: MailSink;
  chartId: number;
}

export function useReportsWorld(
  options: { smtp?: boolean; metastore?: MetastoreKind; webDistDir?: string } = {},
): () => ReportsFlowWorld {
  let world: ReportsFlowWorld | undefined;
  beforeAll(async () => {
    const sink = await startMailSink();
    const harness = await createTestApp({
      ...(options.metastore && { metastore: options.metastore }),
      ...(options.webDistDir && { webDistDir: options.webDistDir }),
      config: { smtpUrl: options.smtp === false ? null : sink.url, smtpFrom: 'reports@vitrina.test' },
    });
    const base = await buildWorld(harness);
    const chartId = await createChart(
      requester(() => harness),
      base.admin,
      base.ordersId,
      'Orders by city',
    );
    world = { ...base, harness, sink, chartId };
  });
  afterAll(async () => {
    await world?.harness.close();
    await world?.sink.close();
  });
  return () => {
    if (!world) throw new Error('the reports world is not built yet');
    return world;
  };
}

export interface ScheduleInput extends Partial<Insertable<ReportScheduleTable>> {
  name: string;
  owners: number[];
  /** Email targets, one recipient row each. */
  recipients?: string[];
}

export async function insertSchedule(harness: TestApp, input: ScheduleInput): Promise<number> {
  const { owners, recipients = ['team@example.com'], ...values } = input;
  const now = nowIso();
  const db = harness.ctx.metastore.db;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('report_schedule')
      .values({
        type: 'Report',
        crontab: '0 9 * * *',
        report_format: 'CSV',
        active: 1,
        timezone: 'UTC',
        creation_method: 'alerts_reports',
        last_state: 'Not triggered',
        log_retention: 90,
        grace_period: 14_400,
        working_timeout: 3_600,
        force_screenshot: 0,
        extra_json: '{}',
        created_on: now,
        changed_on: now,
        created_by_fk: owners[0] ?? null,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const userId of owners) {
      await trx
        .insertInto('report_schedule_user')
        .values({ report_schedule_id: id, user_id: userId })
        .execute();
    }
    for (const target of recipients) {
      await trx
        .insertInto('report_recipient')
        .values({ type: 'Email', recipient_config_json: JSON.stringify({ target }), report_schedule_id: id })
        .execute();
    }
    return id;
  });
}

export function logRows(harness: TestApp, scheduleId: number) {
  return harness.ctx.metastore.db
    .selectFrom('report_execution_log')
    .selectAll()
    .where('report_schedule_id', '=', scheduleId)
    .orderBy('id')
    .execute();
}

export function scheduleRow(harness: TestApp, scheduleId: number) {
  return harness.ctx.metastore.db
    .selectFrom('report_schedule')
    .selectAll()
    .where('id', '=', scheduleId)
    .executeTakeFirstOrThrow();
}

/** The mails the sink received since `from` (an index into its list) addressed to `address`. */
export function mailsTo(sink: MailSink, address: string) {
  return sink.mails.filter((mail) => mail.to.includes(address));
}
