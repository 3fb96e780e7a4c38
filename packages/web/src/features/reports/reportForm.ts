import {
  type AlertOperator,
  type AlertValidatorType,
  dashboardChoiceExtra,
  dashboardChoiceOf,
  parseOperatorConfig,
  REPORT_DEFAULTS,
  type ReportCreateBody,
  type ReportCreationMethod,
  type ReportSchedule,
  type ReportType,
  splitAddresses,
  type ValueFilterChoice,
} from '@vitrina/common';
import { DEFAULT_CRONTAB } from './schedulePresets.ts';

/** What the report and alert forms edit; field names are the API's where one exists, so a 422 lands on them. */
export interface ReportFormValues {
  type: ReportType;
  name: string;
  description: string;
  crontab: string;
  timezone: string;
  report_format: string;
  custom_width: number | null;
  /** E-mail addresses, separated by commas, semicolons or spaces. */
  recipients: string;
  active: boolean;
  contentType: 'chart' | 'dashboard';
  chart: number | undefined;
  dashboard: number | undefined;
  /** A dashboard picture's tabs (none: every tab) and filter values by filter id (none: the default). */
  report_tabs: string[];
  report_filter_values: Record<string, string[] | undefined>;
  // Alerts only.
  database: number | undefined;
  sql: string;
  validator_type: AlertValidatorType;
  op: AlertOperator;
  threshold: number | null;
  grace_period: number;
  working_timeout: number;
  log_retention: number;
}

/** The browser's zone when the API knows it, else the API's default (UTC). */
export function browserTimeZone(isKnown: (zone: string) => boolean): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnown(zone) ? zone : REPORT_DEFAULTS.timezone;
}

/** A new schedule's values: Superset's defaults (weekly on Monday at noon, PNG, active). */
export function newReportValues(
  type: ReportType,
  timezone: string,
  content?: { kind: 'chart' | 'dashboard'; id: number; name?: string },
): ReportFormValues {
  return {
    type,
    name: '',
    description: '',
    crontab: DEFAULT_CRONTAB,
    timezone,
    report_format: REPORT_DEFAULTS.report_format,
    custom_width: null,
    recipients: '',
    active: REPORT_DEFAULTS.active,
    contentType: content?.kind ?? 'dashboard',
    chart: content?.kind === 'chart' ? content.id : undefined,
    dashboard: content?.kind === 'dashboard' ? content.id : undefined,
    report_tabs: [],
    report_filter_values: {},
    database: undefined,
    sql: '',
    validator_type: 'not null',
    op: '>',
    threshold: null,
    grace_period: REPORT_DEFAULTS.grace_period,
    working_timeout: REPORT_DEFAULTS.working_timeout,
    log_retention: REPORT_DEFAULTS.log_retention,
  };
}

function emailTargets(schedule: ReportSchedule): string {
  const email = schedule.recipients.find((recipient) => recipient.type === 'Email');
  if (!email) return '';
  try {
    const config = JSON.parse(email.recipient_config_json) as { target?: unknown };
    return typeof config.target === 'string' ? splitAddresses(config.target).join(', ') : '';
  } catch {
    return '';
  }
}

/** A stored schedule as form values (recipients and the validator config arrive as JSON text). */
export function reportValuesOf(schedule: ReportSchedule): ReportFormValues {
  const operator = parseOperatorConfig(schedule.validator_config_json);
  const choice = dashboardChoiceOf(schedule.extra);
  return {
    type: schedule.type === 'Alert' ? 'Alert' : 'Report',
    name: schedule.name,
    description: schedule.description ?? '',
    crontab: schedule.crontab,
    timezone: schedule.timezone,
    report_format: schedule.report_format,
    custom_width: schedule.custom_width,
    recipients: emailTargets(schedule),
    active: schedule.active,
    contentType: schedule.chart?.id ? 'chart' : 'dashboard',
    chart: schedule.chart?.id,
    dashboard: schedule.dashboard?.id,
    report_tabs: choice.tabs,
    report_filter_values: choice.filterValues,
    database: schedule.database?.id,
    sql: schedule.sql ?? '',
    validator_type: schedule.validator_type === 'operator' ? 'operator' : 'not null',
    op: operator?.op ?? '>',
    threshold: operator?.threshold ?? null,
    grace_period: schedule.grace_period,
    working_timeout: schedule.working_timeout ?? REPORT_DEFAULTS.working_timeout,
    log_retention: schedule.log_retention,
  };
}

export interface ReportBodyContext {
  creationMethod: ReportCreationMethod;
  /** User ids; a new schedule is owned by its maker, an edit keeps the stored owners. */
  owners: number[];
  /** The dashboard's value filters, whose chosen values the picture shows. */
  dashboardFilters?: readonly ValueFilterChoice[];
}

/** `extra`: the tabs and filter values of a dashboard picture; nothing for anything else. */
function extraOf(values: ReportFormValues, filters: readonly ValueFilterChoice[]): Record<string, unknown> {
  if (values.contentType !== 'dashboard' || !['PNG', 'PDF'].includes(values.report_format)) return {};
  const filterValues = Object.fromEntries(
    Object.entries(values.report_filter_values ?? {}).map(([id, chosen]) => [id, chosen ?? []]),
  );
  return dashboardChoiceExtra({ tabs: values.report_tabs ?? [], filterValues }, filters);
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The POST or PUT body of the form's values. */
export function reportBody(values: ReportFormValues, context: ReportBodyContext): ReportCreateBody {
  const isChart = values.contentType === 'chart';
  const body: ReportCreateBody = {
    type: values.type,
    name: values.name.trim(),
    description: orNull(values.description),
    crontab: values.crontab.trim(),
    timezone: values.timezone,
    creation_method: context.creationMethod,
    report_format: values.report_format,
    chart: isChart ? (values.chart ?? null) : null,
    dashboard: isChart ? null : (values.dashboard ?? null),
    custom_width: values.custom_width ?? null,
    active: values.active,
    owners: context.owners,
    recipients: [
      { type: 'Email', recipient_config_json: { target: splitAddresses(values.recipients).join(',') } },
    ],
    working_timeout: values.working_timeout,
    log_retention: values.log_retention,
    extra: extraOf(values, context.dashboardFilters ?? []),
  };
  if (values.type !== 'Alert') return body;
  return {
    ...body,
    database: values.database ?? null,
    sql: values.sql,
    validator_type: values.validator_type,
    validator_config_json:
      values.validator_type === 'operator' ? { op: values.op, threshold: values.threshold } : {},
    grace_period: values.grace_period,
  };
}
