import type { ReportSchedule, UserRef } from '@vitrina/common';
import type { ReportDetailRow } from './repo.ts';

/** A stored schedule in the show endpoint's shape (reference §5): refs as objects, JSON columns as text. */

function parseObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function presentReport(
  row: ReportDetailRow,
  owners: UserRef[],
  recipients: Array<{ id: number; type: string; recipient_config_json: string }>,
): ReportSchedule {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    description: row.description,
    context_markdown: row.context_markdown,
    active: row.active === 1,
    crontab: row.crontab,
    timezone: row.timezone,
    creation_method: row.creation_method,
    report_format: row.report_format,
    chart:
      row.chart_id === null
        ? null
        : { id: row.chart_id, slice_name: row.slice_name ?? '', viz_type: row.viz_type ?? '' },
    dashboard:
      row.dashboard_id === null ? null : { id: row.dashboard_id, dashboard_title: row.dashboard_title ?? '' },
    database:
      row.database_id === null ? null : { id: row.database_id, database_name: row.database_name ?? '' },
    sql: row.sql,
    validator_type: row.validator_type,
    validator_config_json: row.validator_config_json,
    last_eval_dttm: row.last_eval_dttm,
    last_state: row.last_state,
    last_value: row.last_value,
    last_value_row_json: row.last_value_row_json,
    log_retention: row.log_retention,
    grace_period: row.grace_period,
    working_timeout: row.working_timeout,
    force_screenshot: row.force_screenshot === 1,
    custom_width: row.custom_width,
    email_subject: row.email_subject,
    extra: parseObject(row.extra_json),
    owners,
    recipients,
  };
}
