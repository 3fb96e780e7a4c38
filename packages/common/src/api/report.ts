/**
 * The contract of `/api/v1/report/` (Superset's ReportScheduleRestApi, reference §5): alerts and
 * scheduled reports, their owners and recipients, and each schedule's execution log. Bodies declare
 * types only; what a value means (a parsable crontab, a known time zone, one of the vocabularies in
 * constants/report.ts, a unique name) is checked by the server and answered as a 422 naming the field.
 */
import { type Static, type TSchema, Type } from 'typebox';
import { REPORT_DEFAULTS } from './constants/report.ts';
import { listResponse } from './list.ts';
import { Columns, Nullable, UserRef, WithPartialRefs } from './shared.ts';

const NullableString = Nullable(Type.String());
const NullableInteger = Nullable(Type.Integer());

/** `recipient_config_json` of a recipient: e-mail addresses (comma separated) or Slack channels. */
export const ReportRecipientConfig = Type.Object(
  {
    target: Type.Optional(Type.String()),
    ccTarget: Type.Optional(Type.String()),
    bccTarget: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

export const ReportRecipientInput = Type.Object({
  type: Type.String({ description: "'Email', 'Slack' or 'SlackV2'" }),
  recipient_config_json: ReportRecipientConfig,
});
export type ReportRecipientInput = Static<typeof ReportRecipientInput>;

/** The dashboard state a report opens (tabs, anchor, native filter values), as Superset's `extra`. */
const ReportExtra = Type.Record(Type.String(), Type.Unknown());

/**
 * `T | null` for a body: null first, because the server's validator coerces types and with `T` first
 * it would turn a JSON null into 0 or '' (a `chart: null` into chart 0).
 */
const OrNull = <T extends TSchema>(schema: T) => Type.Union([Type.Null(), schema]);

/** The fields a create or an edit may send; `defaults` gives a create's defaults (PUT has none). */
function writeFields(defaults: boolean) {
  const d = <T extends TSchema>(schema: T, value: unknown): T =>
    (defaults ? { ...schema, default: value } : schema) as T;
  return {
    type: Type.String({ description: "'Alert' or 'Report'" }),
    name: Type.String({ description: 'Unique per type, at most 150 characters' }),
    description: OrNull(Type.String()),
    context_markdown: OrNull(Type.String()),
    active: d(Type.Boolean(), REPORT_DEFAULTS.active),
    crontab: Type.String({ description: "Five-field cron expression, e.g. '0 9 * * *'" }),
    timezone: d(
      Type.String({ description: 'IANA time zone the crontab is read in' }),
      REPORT_DEFAULTS.timezone,
    ),
    creation_method: d(
      Type.String({ description: "'charts', 'dashboards' or 'alerts_reports'" }),
      REPORT_DEFAULTS.creation_method,
    ),
    report_format: d(
      Type.String({ description: "'PNG', 'PDF', 'CSV' or 'TEXT'" }),
      REPORT_DEFAULTS.report_format,
    ),
    chart: OrNull(Type.Integer({ description: 'Chart id; a report names a chart or a dashboard' })),
    dashboard: OrNull(Type.Integer({ description: 'Dashboard id' })),
    database: OrNull(Type.Integer({ description: "Alerts: the database the alert's SQL runs on" })),
    sql: OrNull(Type.String()),
    validator_type: OrNull(Type.String({ description: "Alerts: 'not null' or 'operator'" })),
    validator_config_json: OrNull(
      Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.String()], {
        description: 'Alerts: {"op": "<|<=|>|>=|==|!=", "threshold": number} for an operator validator',
      }),
    ),
    owners: Type.Array(Type.Integer(), { description: 'User ids; the caller is always one' }),
    recipients: Type.Array(ReportRecipientInput),
    working_timeout: d(OrNull(Type.Integer()), REPORT_DEFAULTS.working_timeout),
    log_retention: d(Type.Integer(), REPORT_DEFAULTS.log_retention),
    grace_period: d(Type.Integer(), REPORT_DEFAULTS.grace_period),
    force_screenshot: d(Type.Boolean(), REPORT_DEFAULTS.force_screenshot),
    custom_width: OrNull(Type.Integer()),
    email_subject: OrNull(Type.String()),
    extra: OrNull(ReportExtra),
  };
}

/**
 * `POST /api/v1/report/`. Every field is optional here so a missing required one (type, name, crontab)
 * is a 422 naming it; unset optional fields take REPORT_DEFAULTS.
 */
export const ReportCreateBody = Type.Partial(Type.Object(writeFields(true)), { additionalProperties: false });
export type ReportCreateBody = Static<typeof ReportCreateBody>;

/** `PUT /api/v1/report/{id}`: a full edit, or any part of one — `{"active": false}` alone toggles it. */
export const ReportUpdateBody = Type.Partial(Type.Object(writeFields(false)), {
  additionalProperties: false,
});
export type ReportUpdateBody = Static<typeof ReportUpdateBody>;

/** What a create or an edit accepted, echoed back as Superset does. */
export const ReportWriteResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Partial(Type.Object(writeFields(false))),
});

const ChartRef = Type.Object({ id: Type.Integer(), slice_name: Type.String(), viz_type: Type.String() });
const DashboardRef = Type.Object({ id: Type.Integer(), dashboard_title: Type.String() });
const DatabaseRef = Type.Object({ id: Type.Integer(), database_name: Type.String() });

/** A recipient as a report shows it: its configuration is JSON text, as Superset answers it. */
export const ReportRecipientItem = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  recipient_config_json: Type.String(),
});
export type ReportRecipientItem = Static<typeof ReportRecipientItem>;

/** `GET /api/v1/report/{id}` → `{id, result: ReportSchedule}`. */
export const ReportSchedule = Type.Object({
  id: Type.Integer(),
  type: Type.String(),
  name: Type.String(),
  description: NullableString,
  context_markdown: NullableString,
  active: Type.Boolean(),
  crontab: Type.String(),
  timezone: Type.String(),
  creation_method: Type.String(),
  report_format: Type.String(),
  chart: Nullable(ChartRef),
  dashboard: Nullable(DashboardRef),
  database: Nullable(DatabaseRef),
  sql: NullableString,
  validator_type: NullableString,
  /** JSON text. */
  validator_config_json: NullableString,
  last_eval_dttm: NullableString,
  /** 'Success', 'Working', 'Error', 'Not triggered' or 'On Grace'. */
  last_state: NullableString,
  last_value: Nullable(Type.Number()),
  /** JSON text. */
  last_value_row_json: NullableString,
  log_retention: Type.Integer(),
  grace_period: Type.Integer(),
  working_timeout: NullableInteger,
  force_screenshot: Type.Boolean(),
  custom_width: NullableInteger,
  email_subject: NullableString,
  extra: ReportExtra,
  owners: Type.Array(UserRef),
  recipients: Type.Array(ReportRecipientItem),
});
export type ReportSchedule = Static<typeof ReportSchedule>;

export const ReportShowResponse = Type.Object({
  id: Type.Integer(),
  result: WithPartialRefs(ReportSchedule),
});

/** One row of `GET /api/v1/report/?q=` (the columns asked for, or these by default). */
export const ReportListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  type: Type.String(),
  description: NullableString,
  active: Type.Boolean(),
  crontab: Type.String(),
  /** The crontab in words ('At 09:00'). */
  crontab_humanized: Type.String(),
  timezone: Type.String(),
  creation_method: Type.String(),
  chart_id: NullableInteger,
  dashboard_id: NullableInteger,
  last_eval_dttm: NullableString,
  last_state: NullableString,
  extra: ReportExtra,
  recipients: Type.Array(Type.Object({ id: Type.Integer(), type: Type.String() })),
  owners: Type.Array(UserRef),
  created_by: Nullable(UserRef),
  created_on: Type.String(),
  changed_by: Nullable(UserRef),
  changed_on: Type.String(),
  changed_on_delta_humanized: Type.String(),
});
export type ReportListItem = Static<typeof ReportListItem>;

export const ReportListResponse = listResponse(Columns(ReportListItem));

/** One run of a schedule: `GET /api/v1/report/{id}/log/` and `/log/{log_id}`. */
export const ReportExecutionLog = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  scheduled_dttm: Type.String(),
  start_dttm: NullableString,
  end_dttm: NullableString,
  value: Nullable(Type.Number()),
  /** JSON text of the row an alert's query returned. */
  value_row_json: NullableString,
  state: Type.String(),
  error_message: NullableString,
  /** Ours: error_message as a stable code (common/reports/runErrors.ts), null on rows without one. */
  error_code: NullableString,
  /** Ours: JSON text of the code's parameters and the database's or mail server's own text. */
  error_params_json: NullableString,
});
export type ReportExecutionLog = Static<typeof ReportExecutionLog>;

export const ReportLogListResponse = listResponse(Columns(ReportExecutionLog));
export const ReportLogShowResponse = Type.Object({ id: Type.Integer(), result: ReportExecutionLog });

export const ReportLogParams = Type.Object({ id: Type.Integer(), log_id: Type.Integer() });

/**
 * `POST /api/v1/report/{id}/send_now/` (ours, not Superset's): the schedule's content mailed to the
 * caller now. 200 either way; the run's execution-log row records the same outcome.
 */
export const ReportSendNowResponse = Type.Object({
  result: Type.Object({
    state: Type.Union([Type.Literal('Success'), Type.Literal('Error')]),
    error_message: NullableString,
    error_code: NullableString,
    error_params_json: NullableString,
  }),
});
export type ReportSendNowResponse = Static<typeof ReportSendNowResponse>;
