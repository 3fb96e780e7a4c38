import type { Insertable } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { nowIso } from '../../platform/metastore/index.ts';
import type { ReportScheduleTable } from '../../platform/metastore/schema.ts';
import { buildWorld, requester, type World } from '../../resources/charts/testFixtures.ts';
import { createChart } from '../../resources/dashboards/testWorld.ts';
import { createTestApp, type TestApp, type TestAppOptions } from '../../testing/testApp.ts';
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

export interface ReportsWorldOptions extends TestAppOptions {
  /** false: no SMTP_URL, as an installation without a mail server. */
  smtp?: boolean;
}

export async function buildReportsWorld(options: ReportsWorldOptions = {}): Promise<ReportsFlowWorld> {
  const { smtp, ...appOptions } = options;
  const sink = await startMailSink();
  const harness = await createTestApp({
    ...appOptions,
    config: {
      ...appOptions.config,
      smtpUrl: smtp === false ? null : sink.url,
      smtpFrom: 'reports@vitrina.test',
    },
  });
  const base = await buildWorld(harness);
  const chartId = await createChart(
    requester(() => harness),
    base.admin,
    base.ordersId,
    'Orders by city',
  );
  return { ...base, harness, sink, chartId };
}

export async function closeReportsWorld(world: ReportsFlowWorld | undefined): Promise<void> {
  await world?.harness.close();
  await world?.sink.close();
}

/** A world for the suite: built before its tests, closed after them. */
export function useReportsWorld(options: ReportsWorldOptions = {}): () => ReportsFlowWorld {
  let world: ReportsFlowWorld | undefined;
  beforeAll(async () => {
    world = await buildReportsWorld(options);
  });
  afterAll(() => closeReportsWorld(world));
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

/** A schedule of the world's chart ("Orders by city") owned by alice, unless `input` says otherwise. */
export function insertChartReport(
  world: ReportsFlowWorld,
  input: Omit<ScheduleInput, 'owners'> & { owners?: number[] },
): Promise<number> {
  return insertSchedule(world.harness, { chart_id: world.chartId, owners: [world.userIds.alice], ...input });
}

/** An execution-log row as a run writes it, ending at `end`. */
export async function insertLogRow(
  harness: TestApp,
  scheduleId: number,
  state: string,
  end: Date,
  message: string | null = null,
): Promise<void> {
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

/** A chart report whose last run entered Working at `since` and has not ended (its worker may be gone). */
export async function insertWorkingReport(
  world: ReportsFlowWorld,
  input: { name: string; since: Date; workingTimeout: number },
): Promise<number> {
  const id = await insertChartReport(world, {
    name: input.name,
    working_timeout: input.workingTimeout,
    last_state: 'Working',
    last_eval_dttm: input.since.toISOString(),
  });
  await insertLogRow(world.harness, id, 'Working', input.since);
  return id;
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
