import {
  REPORT_CREATION_METHODS,
  REPORT_FORMATS,
  REPORT_NAME_MAX,
  REPORT_TYPES,
  REPORT_VALIDATOR_TYPES,
  type ReportRecipientInput,
} from '@vitrina/common';
import { validatorConfigProblem } from '@vitrina/common/reports/alertValidator';
import { recipientProblems } from '@vitrina/common/reports/recipients';
import {
  crontabProblem,
  firesMoreOftenThan,
  isKnownTimeZone,
  scheduleFrequencyMessage,
} from '@vitrina/common/reports/schedule';

/**
 * What a schedule must be once a create or an edit is applied, checked on the whole result (an edit of
 * one field is checked against the stored rest), each problem answered under its field in a 422.
 * Texts are Superset's (commands/report/exceptions.py and its schemas) where it has one.
 */

export type FieldErrors = Record<string, string[]>;

/** A schedule as it will be stored, in the API's names (chart, dashboard, database are ids). */
export interface ReportDraft {
  type?: string;
  name?: string;
  description: string | null;
  context_markdown: string | null;
  active: boolean;
  crontab?: string;
  timezone: string;
  creation_method: string;
  report_format: string;
  chart: number | null;
  dashboard: number | null;
  database: number | null;
  sql: string | null;
  validator_type: string | null;
  validator_config_json: string | Record<string, unknown> | null;
  recipients: ReportRecipientInput[];
  working_timeout: number | null;
  log_retention: number;
  grace_period: number;
  force_screenshot: boolean;
  custom_width: number | null;
  email_subject: string | null;
  extra: Record<string, unknown> | null;
}

export const REQUIRED = 'Missing data for required field.';
export const CHART_NOT_SAVED = 'Please save your chart first, then try creating a new email report.';
export const DASHBOARD_NOT_SAVED = 'Please save your dashboard first, then try creating a new email report.';
export const CHART_OR_DASHBOARD_NOT_BOTH = 'Choose a chart or dashboard not both';
export const CHART_OR_DASHBOARD_REQUIRED = 'Must choose either a chart or a dashboard';
export const CHART_MISSING = 'Chart does not exist';
export const DASHBOARD_MISSING = 'Dashboard does not exist';
export const DATABASE_MISSING = 'Database does not exist';
export const DATABASE_REQUIRED = 'Database is required for alerts';
export const DATABASE_NOT_ALLOWED = 'Database reference is not allowed on a report';
export const SQL_REQUIRED = 'SQL is required for alerts';
export const VALIDATOR_REQUIRED = 'A validator type is required for alerts';
export const EMAIL_REQUIRED =
  'Unable to create report: User email address is required but not found. Please ensure your user profile has a valid email address.';
const GREATER_THAN_ZERO = 'Value must be greater than 0';
const WIDTH = { min: 600, max: 2400 };

/** Superset's name-uniqueness message, which says which kind of schedule has the name. */
export function nameTakenMessage(type: string, name: string): string {
  return type === 'Alert'
    ? `An alert named "${name}" already exists`
    : `A report named "${name}" already exists`;
}

const oneOf = (choices: readonly string[]) => `Must be one of: ${choices.join(', ')}.`;

function add(errors: FieldErrors, field: string, message: string): void {
  errors[field] = [...(errors[field] ?? []), message];
}

export interface DraftChecks {
  checkRecipients: boolean;
  /**
   * The shortest time between runs the crontab may ask for (VITRINA_REPORT_MIN_INTERVAL_SECONDS),
   * checked from `now`; undefined when the write leaves the crontab as it was, as Superset does.
   */
  minInterval?: { seconds: number; now: Date };
}

/** The checks that need nothing but the draft: required fields, vocabularies, the crontab, ranges. */
export function draftProblems(
  draft: ReportDraft,
  { checkRecipients, minInterval }: DraftChecks,
): FieldErrors {
  const errors: FieldErrors = {};
  if (draft.type === undefined) add(errors, 'type', REQUIRED);
  else if (!(REPORT_TYPES as readonly string[]).includes(draft.type))
    add(errors, 'type', oneOf(REPORT_TYPES));

  if (draft.name === undefined) add(errors, 'name', REQUIRED);
  else if (draft.name.trim() === '') add(errors, 'name', 'Shorter than minimum length 1.');
  else if (draft.name.length > REPORT_NAME_MAX)
    add(errors, 'name', `Longer than maximum length ${REPORT_NAME_MAX}.`);

  if (draft.crontab === undefined) add(errors, 'crontab', REQUIRED);
  else {
    const problem = crontabProblem(draft.crontab);
    if (problem !== null) add(errors, 'crontab', problem);
    else if (minInterval && firesMoreOftenThan(draft.crontab, minInterval.seconds, minInterval.now)) {
      add(
        errors,
        'crontab',
        scheduleFrequencyMessage(draft.type === 'Alert' ? 'Alert' : 'Report', minInterval.seconds),
      );
    }
  }
  if (!isKnownTimeZone(draft.timezone)) add(errors, 'timezone', `Unknown time zone: ${draft.timezone}`);
  if (!(REPORT_CREATION_METHODS as readonly string[]).includes(draft.creation_method)) {
    add(errors, 'creation_method', oneOf(REPORT_CREATION_METHODS));
  }
  if (!(REPORT_FORMATS as readonly string[]).includes(draft.report_format)) {
    add(errors, 'report_format', oneOf(REPORT_FORMATS));
  }
  if (draft.log_retention < 1) add(errors, 'log_retention', GREATER_THAN_ZERO);
  if (draft.grace_period < 1) add(errors, 'grace_period', GREATER_THAN_ZERO);
  if (draft.working_timeout !== null && draft.working_timeout < 1)
    add(errors, 'working_timeout', GREATER_THAN_ZERO);
  if (draft.custom_width !== null && (draft.custom_width < WIDTH.min || draft.custom_width > WIDTH.max)) {
    add(errors, 'custom_width', `Screenshot width must be between ${WIDTH.min}px and ${WIDTH.max}px`);
  }
  if (draft.email_subject !== null && draft.email_subject.length > 255) {
    add(errors, 'email_subject', 'Longer than maximum length 255.');
  }
  targetProblems(draft, errors);
  if (draft.type === 'Alert') alertProblems(draft, errors);
  if (draft.type === 'Report' && draft.database !== null) add(errors, 'database', DATABASE_NOT_ALLOWED);
  if (checkRecipients) {
    const problem = recipientProblems(draft.recipients);
    if (problem !== null) add(errors, 'recipients', problem);
  }
  return errors;
}

/** Superset's validate_chart_dashboard: exactly one of chart or dashboard, the one its header made. */
function targetProblems(draft: ReportDraft, errors: FieldErrors): void {
  if (draft.creation_method === 'charts' && draft.chart === null) {
    add(errors, 'chart', CHART_NOT_SAVED);
    return;
  }
  if (draft.creation_method === 'dashboards' && draft.dashboard === null) {
    add(errors, 'dashboard', DASHBOARD_NOT_SAVED);
    return;
  }
  if (draft.chart !== null && draft.dashboard !== null) add(errors, 'chart', CHART_OR_DASHBOARD_NOT_BOTH);
  if (draft.chart === null && draft.dashboard === null) add(errors, 'chart', CHART_OR_DASHBOARD_REQUIRED);
}

/** An alert runs SQL on a database and fires by its validator. */
function alertProblems(draft: ReportDraft, errors: FieldErrors): void {
  if (draft.database === null) add(errors, 'database', DATABASE_REQUIRED);
  if (draft.sql === null || draft.sql.trim() === '') add(errors, 'sql', SQL_REQUIRED);
  if (draft.validator_type === null) {
    add(errors, 'validator_type', VALIDATOR_REQUIRED);
    return;
  }
  if (!(REPORT_VALIDATOR_TYPES as readonly string[]).includes(draft.validator_type)) {
    add(errors, 'validator_type', oneOf(REPORT_VALIDATOR_TYPES));
    return;
  }
  const problem = validatorConfigProblem(
    draft.validator_type as (typeof REPORT_VALIDATOR_TYPES)[number],
    draft.validator_config_json,
  );
  if (problem !== null) add(errors, 'validator_config_json', problem);
}
