/** The closed vocabularies of alerts and reports (reference §5), shared by the server's checks and the web's forms. */

export const REPORT_TYPES = ['Alert', 'Report'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/** Where a report was made: a chart's or a dashboard's header, or the Alerts & Reports list. */
export const REPORT_CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
export type ReportCreationMethod = (typeof REPORT_CREATION_METHODS)[number];

export const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export const REPORT_RECIPIENT_TYPES = ['Email', 'Slack', 'SlackV2'] as const;
export type ReportRecipientType = (typeof REPORT_RECIPIENT_TYPES)[number];

export const REPORT_VALIDATOR_TYPES = ['not null', 'operator'] as const;
export type ReportValidatorType = (typeof REPORT_VALIDATOR_TYPES)[number];

/** What a create leaves unset takes these values (Superset's model defaults). */
export const REPORT_DEFAULTS = {
  active: true,
  timezone: 'UTC',
  creation_method: 'alerts_reports',
  report_format: 'PNG',
  /** Days an execution log row is kept. */
  log_retention: 90,
  /** Seconds after a triggered alert during which it does not fire again (4 hours). */
  grace_period: 14_400,
  /** Seconds a run may stay Working before it is an error (1 hour). */
  working_timeout: 3_600,
  force_screenshot: false,
} as const satisfies {
  active: boolean;
  timezone: string;
  creation_method: ReportCreationMethod;
  report_format: ReportFormat;
  log_retention: number;
  grace_period: number;
  working_timeout: number;
  force_screenshot: boolean;
};

/** Longest name a schedule may have. */
export const REPORT_NAME_MAX = 150;

/** Superset's refusal to delete a chart, dashboard or database that schedules still use. */
export function associatedReportsMessage(names: readonly string[]): string {
  return `There are associated alerts or reports: ${names.join(',')}`;
}
