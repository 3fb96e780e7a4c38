import {
  LANGUAGES,
  REPORT_DEFAULTS,
  type ReportCreateBody,
  type ReportRecipientInput,
  type ReportSchedule,
  type ReportUpdateBody,
} from '@vitrina/common';
import type { Kysely } from 'kysely';
import { UnprocessableError } from '../../http/errors.ts';
import { type ListResult, parseListArgument, runList } from '../../http/listEndpoint.ts';
import type { AppContext } from '../../http/types.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import type { Principal } from '../../security/principal.ts';
import { ownerIds } from '../datasets/create.ts';
import { editableReport, reportVisibleCondition, visibleReport } from './access.ts';
import {
  draftProblems,
  EMAIL_REQUIRED,
  type FieldErrors,
  nameTakenMessage,
  type ReportDraft,
} from './fields.ts';
import { presentReport } from './presenter.ts';
import { checkDatabaseAccess, checkOnePerTarget, referenceProblems } from './references.ts';
import * as repo from './repo.ts';

/**
 * Alerts and reports (Superset's ReportScheduleRestApi commands). A write is checked whole — its
 * fields, then what it refers to, then data access — and a schedule, its owners and its recipients are
 * written in one transaction, so a failure leaves nothing half-written.
 */

type Db = Kysely<MetastoreSchema>;

/** The caller's schedules, the crontab in words in the caller's language (English when unknown). */
export async function listReports(db: Db, principal: Principal, q: string | undefined): Promise<ListResult> {
  const preferred = await repo.userLanguage(db, principal.id);
  const list = repo.reportsList(LANGUAGES.find((code) => code === preferred) ?? 'en');
  const query = parseListArgument(q, list);
  return runList(db, repo.reportsBase(db, reportVisibleCondition(principal)), list, query);
}

export async function getReport(db: Db, principal: Principal, id: number): Promise<ReportSchedule> {
  const row = await visibleReport(db, principal, id);
  const [owners, recipients] = await Promise.all([
    repo.ownersByReport(db, [id]),
    repo.recipientsByReport(db, [id]),
  ]);
  return presentReport(row, owners.get(id) ?? [], recipients.get(id) ?? []);
}

export interface WriteResult {
  id: number;
  result: ReportUpdateBody;
}

export async function createReport(
  ctx: AppContext,
  principal: Principal,
  body: ReportCreateBody,
): Promise<WriteResult> {
  const db = ctx.metastore.db;
  const draft: ReportDraft = { ...emptyDraft(), ...withoutUndefined(body) };
  const errors: FieldErrors = {};
  // A report made from a chart's or a dashboard's header goes to the caller, whatever the body says.
  if (draft.creation_method === 'charts' || draft.creation_method === 'dashboards') {
    const email = await repo.userEmail(db, principal.id);
    if (email === null) errors.recipients = [EMAIL_REQUIRED];
    else draft.recipients = [{ type: 'Email', recipient_config_json: { target: email } }];
  }
  merge(
    errors,
    draftProblems(draft, {
      checkRecipients: errors.recipients === undefined,
      minInterval: minInterval(ctx),
    }),
  );
  const all = { name: true, chart: true, dashboard: true, database: true, extra: true };
  if (errors.type === undefined && errors.name === undefined) {
    merge(errors, await referenceProblems(ctx, principal, draft, all));
  }
  const owners = await ownerIds(db, principal, body.owners, true);
  merge(errors, owners.errors);
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
  await checkDatabaseAccess(ctx, principal, draft);
  await checkOnePerTarget(ctx, principal, draft);

  const id = await uniqueName(draft, () =>
    db.transaction().execute(async (trx) => {
      const reportId = await repo.insertReport(trx, {
        ...rowOf(draft),
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      });
      await repo.replaceOwners(trx, reportId, owners.ids);
      await repo.replaceRecipients(trx, reportId, recipientRows(draft.recipients));
      return reportId;
    }),
  );
  return { id, result: { ...draft, owners: owners.ids } as ReportUpdateBody };
}

/** A full edit or any part of one; `{active: false}` also resets the state to 'Not triggered'. */
export async function updateReport(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: ReportUpdateBody,
): Promise<WriteResult> {
  const db = ctx.metastore.db;
  const stored = await editableReport(db, principal, id);
  const recipients = (await repo.recipientsByReport(db, [id])).get(id) ?? [];
  const draft: ReportDraft = { ...draftOf(stored, recipients), ...withoutUndefined(body) };
  const errors = draftProblems(draft, {
    checkRecipients: body.recipients !== undefined,
    ...(body.crontab !== undefined && { minInterval: minInterval(ctx) }),
  });
  const changed = {
    name: body.name !== undefined || body.type !== undefined,
    chart: body.chart !== undefined,
    dashboard: body.dashboard !== undefined,
    database: body.database !== undefined || body.type !== undefined,
    extra: body.extra !== undefined,
  };
  if (errors.type === undefined && errors.name === undefined) {
    merge(errors, await referenceProblems(ctx, principal, draft, changed, id));
  }
  const owners =
    body.owners === undefined
      ? { ids: await repo.ownerIdsOf(db, id), errors: {} }
      : await ownerIds(db, principal, body.owners, false);
  merge(errors, owners.errors);
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
  if (body.database !== undefined || body.sql !== undefined || body.type !== undefined) {
    await checkDatabaseAccess(ctx, principal, draft);
  }

  await uniqueName(draft, () =>
    db.transaction().execute(async (trx) => {
      await repo.updateReport(trx, id, {
        ...rowOf(draft),
        ...(body.active === false && { last_state: 'Not triggered' }),
        changed_by_fk: principal.id,
      });
      if (body.owners !== undefined) await repo.replaceOwners(trx, id, owners.ids);
      if (body.recipients !== undefined) {
        await repo.replaceRecipients(trx, id, recipientRows(draft.recipients));
      }
    }),
  );
  return { id, result: { ...body, ...(body.owners !== undefined && { owners: owners.ids }) } };
}

/** Deletes every listed schedule or none: each must be visible (404) and the caller's to change (403). */
export async function deleteReports(db: Db, principal: Principal, ids: readonly number[]): Promise<number> {
  const unique = [...new Set(ids)];
  for (const id of unique) await editableReport(db, principal, id);
  await repo.deleteReports(db, unique);
  return unique.length;
}

/** The configured shortest time between runs, checked from now. */
function minInterval(ctx: AppContext) {
  return { seconds: ctx.config.reportMinIntervalSeconds, now: new Date() };
}

// ---- drafts -------------------------------------------------------------------------------------

function emptyDraft(): ReportDraft {
  return {
    description: null,
    context_markdown: null,
    active: REPORT_DEFAULTS.active,
    timezone: REPORT_DEFAULTS.timezone,
    creation_method: REPORT_DEFAULTS.creation_method,
    report_format: REPORT_DEFAULTS.report_format,
    chart: null,
    dashboard: null,
    database: null,
    sql: null,
    validator_type: null,
    validator_config_json: null,
    recipients: [],
    working_timeout: REPORT_DEFAULTS.working_timeout,
    log_retention: REPORT_DEFAULTS.log_retention,
    grace_period: REPORT_DEFAULTS.grace_period,
    force_screenshot: REPORT_DEFAULTS.force_screenshot,
    custom_width: null,
    email_subject: null,
    extra: null,
  };
}

/** A stored schedule as a draft, so an edit is checked as the whole it makes. */
function draftOf(
  row: repo.ReportDetailRow,
  recipients: Array<{ type: string; recipient_config_json: string }>,
): ReportDraft {
  return {
    type: row.type,
    name: row.name,
    description: row.description,
    context_markdown: row.context_markdown,
    active: row.active === 1,
    crontab: row.crontab,
    timezone: row.timezone,
    creation_method: row.creation_method,
    report_format: row.report_format,
    chart: row.chart_id,
    dashboard: row.dashboard_id,
    database: row.database_id,
    sql: row.sql,
    validator_type: row.validator_type,
    validator_config_json: row.validator_config_json,
    recipients: recipients.map((recipient) => ({
      type: recipient.type,
      recipient_config_json: JSON.parse(
        recipient.recipient_config_json,
      ) as ReportRecipientInput['recipient_config_json'],
    })),
    working_timeout: row.working_timeout,
    log_retention: row.log_retention,
    grace_period: row.grace_period,
    force_screenshot: row.force_screenshot === 1,
    custom_width: row.custom_width,
    email_subject: row.email_subject,
    extra: JSON.parse(row.extra_json) as Record<string, unknown>,
  };
}

/** The draft's columns (a checked draft: type, name and crontab are set). */
function rowOf(draft: ReportDraft) {
  const config = draft.validator_config_json;
  return {
    type: draft.type!,
    name: draft.name!,
    description: draft.description,
    context_markdown: draft.context_markdown,
    active: draft.active ? 1 : 0,
    crontab: draft.crontab!.trim(),
    timezone: draft.timezone,
    creation_method: draft.creation_method,
    report_format: draft.report_format,
    sql: draft.type === 'Alert' ? draft.sql : null,
    chart_id: draft.chart,
    dashboard_id: draft.dashboard,
    database_id: draft.type === 'Alert' ? draft.database : null,
    validator_type: draft.type === 'Alert' ? draft.validator_type : null,
    validator_config_json:
      draft.type !== 'Alert' ? null : typeof config === 'string' ? config : JSON.stringify(config ?? {}),
    log_retention: draft.log_retention,
    grace_period: draft.grace_period,
    working_timeout: draft.working_timeout,
    force_screenshot: draft.force_screenshot ? 1 : 0,
    custom_width: draft.custom_width,
    email_subject: draft.email_subject,
    extra_json: JSON.stringify(draft.extra ?? {}),
  };
}

function recipientRows(recipients: readonly ReportRecipientInput[]): repo.RecipientRow[] {
  return recipients.map((recipient) => ({
    type: recipient.type,
    recipient_config_json: JSON.stringify(recipient.recipient_config_json),
  }));
}

function withoutUndefined<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>;
}

function merge(errors: FieldErrors, more: FieldErrors): void {
  for (const [field, messages] of Object.entries(more))
    errors[field] = [...(errors[field] ?? []), ...messages];
}

/** A write that lost a race for its name answers as the check before it would have. */
async function uniqueName<T>(draft: ReportDraft, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationColumns(error)?.includes('name')) {
      throw new UnprocessableError({ name: [nameTakenMessage(draft.type!, draft.name!)] });
    }
    throw error;
  }
}
