import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import type { MailAttachment } from './mail.ts';

/** What a report shows, and what it shows it as: the contract between the runner and its renderers. */

export type ReportSubject =
  | { kind: 'chart'; id: number; name: string }
  | { kind: 'dashboard'; id: number; title: string };

/** What a schedule says about how its content is drawn. */
export interface RenderSettings {
  /** Picture width in CSS pixels; null: the renderer's default. */
  custom_width: number | null;
  /** Superset's `extra` as stored (JSON text): the dashboard's tabs and filter values. */
  extra_json: string;
  /** Seconds a run may take; a picture gets at most this long to draw. */
  working_timeout: number | null;
}

export interface RenderInput {
  ctx: AppContext;
  settings: RenderSettings;
  /** Whose data the report shows: their roles, grants and row-level security apply. */
  principal: Principal;
  subject: ReportSubject;
}

export interface ReportContent {
  /** Files attached to the mail. */
  attachments: MailAttachment[];
  /** HTML shown in the mail's body under the link (already escaped). */
  html: string;
  /** The same as plain text, for mail readers without HTML. */
  text: string;
  /** The chart's query returned no row: the mail says so in its reader's language. */
  noRows?: boolean;
}

export type ReportRenderer = (input: RenderInput) => Promise<ReportContent>;

/** A report that cannot be rendered; its message is what the execution log shows. */
export class RenderError extends Error {
  constructor(
    message: string,
    readonly coded: RunError = runError('render_failed', {}, message),
  ) {
    super(message);
    this.name = 'RenderError';
  }
}

/** A chart's or dashboard's name as a file name, without characters that file systems refuse. */
export function attachmentName(name: string, fallback: string): string {
  const printable = [...name].map((char) => (char.charCodeAt(0) < 32 ? '_' : char)).join('');
  const cleaned = printable.replace(/[\\/:*?"<>|]+/g, '_').trim();
  return cleaned === '' ? fallback : cleaned;
}

/** The chart a data format renders; a dashboard has no single result to export. */
export function chartOf(subject: ReportSubject, format: string): Extract<ReportSubject, { kind: 'chart' }> {
  if (subject.kind !== 'chart') {
    throw new RenderError(
      `A dashboard report cannot be sent as ${format}; choose PNG or PDF`,
      runError('dashboard_format', { format }),
    );
  }
  return subject;
}
