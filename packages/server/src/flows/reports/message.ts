import { reportMailTexts } from '@vitrina/common/reports/mailTexts';
import { type RunError, runErrorLine } from '@vitrina/common/reports/runErrors';
import type { Config } from '../../config.ts';
import type { ReportContent, ReportSubject } from './content.ts';
import { escapeHtml } from './htmlTable.ts';
import type { ReportMail } from './mail.ts';

/** The words of a report mail: subject, link back to the chart or dashboard, the content. */

export interface MailSchedule {
  type: string;
  name: string;
  description: string | null;
  email_subject: string | null;
}

/** The web app's address: VITRINA_PUBLIC_URL, else the server's own host and port. */
export function publicBaseUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  return config.publicUrl ?? `http://${config.host}:${config.port}`;
}

export function subjectLink(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  subject: ReportSubject,
): string {
  const path =
    subject.kind === 'chart' ? `/explore/?slice_id=${subject.id}` : `/superset/dashboard/${subject.id}/`;
  return `${publicBaseUrl(config)}${path}`;
}

/** email_subject when set, else `[Report] <name>` or `[Alert] <name>` in the reader's language. */
export function mailSubject(schedule: MailSchedule, language: string | null): string {
  if (schedule.email_subject?.trim()) return schedule.email_subject.trim();
  const texts = reportMailTexts(language);
  const prefix = schedule.type === 'Alert' ? texts.alertSubjectPrefix : texts.reportSubjectPrefix;
  return `${prefix} ${schedule.name}`;
}

type MailBody = Pick<ReportMail, 'subject' | 'html' | 'text'>;

export function reportMailBody(
  config: Pick<Config, 'publicUrl' | 'host' | 'port'>,
  schedule: MailSchedule,
  subject: ReportSubject | null,
  content: ReportContent,
  language: string | null,
): MailBody {
  const texts = reportMailTexts(language);
  const html: string[] = [];
  const text: string[] = [];
  if (schedule.description?.trim()) {
    html.push(`<p>${escapeHtml(schedule.description.trim())}</p>`);
    text.push(schedule.description.trim());
  }
  if (subject) {
    const url = subjectLink(config, subject);
    const label = subject.kind === 'chart' ? texts.openChart : texts.openDashboard;
    html.push(`<p><b><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></b></p>`);
    text.push(`${label}: ${url}`);
  }
  const files = content.attachments.filter((file) => !file.contentId);
  if (files.length > 0) {
    const names = files.map((file) => file.fileName).join(', ');
    html.push(`<p>${escapeHtml(texts.attached)} ${escapeHtml(names)}</p>`);
    text.push(`${texts.attached} ${names}`);
  }
  if (content.noRows) {
    html.push(`<p>${escapeHtml(texts.noRows)}</p>`);
    text.push(texts.noRows);
  }
  if (content.html) html.push(content.html);
  if (content.text) text.push(content.text);
  return { subject: mailSubject(schedule, language), html: html.join('\n'), text: text.join('\n\n') };
}

/** The mail telling the owners that a run failed, in their language. */
export function errorMailBody(schedule: MailSchedule, error: RunError, language: string | null): MailBody {
  const texts = reportMailTexts(language);
  const message = runErrorLine(error, language);
  return {
    subject: mailSubject(schedule, language),
    html: `<p>${escapeHtml(texts.errorIntro)}</p><pre>${escapeHtml(message)}</pre>`,
    text: `${texts.errorIntro}\n${message}`,
  };
}
