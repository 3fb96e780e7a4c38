import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';

/**
 * Sending a report mail through the operator's SMTP server (SMTP_URL, from SMTP_FROM). Each send
 * opens its own connection: reports are few, and nothing stays open between runs.
 */

export const NO_MAIL_SERVER_MESSAGE = 'No mail server is configured (SMTP_URL)';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  content: Buffer;
  /** Shown in the body (`<img src="cid:…">`) rather than as a file to open. */
  contentId?: string;
}

export interface ReportMail {
  to: readonly string[];
  cc?: readonly string[];
  bcc?: readonly string[];
  subject: string;
  html: string;
  text: string;
  attachments?: readonly MailAttachment[];
}

/** A mail that could not be sent; its message is what the execution log shows. */
export class MailError extends Error {
  constructor(
    message: string,
    readonly coded: RunError,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

type MailSettings = Pick<Config, 'smtpUrl' | 'smtpFrom' | 'reportMaxMailBytes'>;

const megabytes = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);

export function mailSize(mail: ReportMail): number {
  const attachments = (mail.attachments ?? []).reduce((sum, file) => sum + file.content.length, 0);
  return Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text) + attachments;
}

/** Refuses what cannot be sent before connecting: no server, no recipient, too large. */
function checkSendable(settings: MailSettings, mail: ReportMail): string {
  if (!settings.smtpUrl) throw new MailError(NO_MAIL_SERVER_MESSAGE, runError('no_mail_server'));
  if (mail.to.length + (mail.cc?.length ?? 0) + (mail.bcc?.length ?? 0) === 0) {
    throw new MailError('The report has no e-mail address to send to', runError('no_recipient'));
  }
  const size = mailSize(mail);
  if (size > settings.reportMaxMailBytes) {
    throw new MailError(
      `The report is too large to send by e-mail: ${megabytes(size)} MB, the limit is ${megabytes(settings.reportMaxMailBytes)} MB (VITRINA_REPORT_MAX_MAIL_BYTES)`,
      runError('mail_too_large', { size: megabytes(size), limit: megabytes(settings.reportMaxMailBytes) }),
    );
  }
  return settings.smtpUrl;
}

export async function sendMail(settings: MailSettings, mail: ReportMail): Promise<void> {
  const url = checkSendable(settings, mail);
  const transport = nodemailer.createTransport(url);
  try {
    await transport.sendMail({
      from: settings.smtpFrom,
      to: [...mail.to],
      cc: mail.cc ? [...mail.cc] : undefined,
      bcc: mail.bcc ? [...mail.bcc] : undefined,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      attachments: (mail.attachments ?? []).map((file) => ({
        filename: file.fileName,
        contentType: file.contentType,
        content: file.content,
        ...(file.contentId ? { cid: file.contentId, contentDisposition: 'inline' as const } : {}),
      })),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new MailError(
      `The mail server refused the report: ${reason}`,
      runError('mail_refused', {}, reason),
    );
  } finally {
    transport.close();
  }
}
