import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import type { MailAddresses } from './addresses.ts';
import { RenderError, type ReportContent, type ReportSubject } from './content.ts';
import { MailError, sendMail } from './mail.ts';
import { errorMailBody, reportMailBody } from './message.ts';
import { rendererOf } from './renderers.ts';
import { chartName, dashboardTitle, type ScheduleRow } from './repo.ts';
import { messageOf, runErrorOf } from './runErrors.ts';

/** Rendering a schedule's content and mailing it: the "send" stage of a run. */

const EMPTY: ReportContent = { attachments: [], html: '', text: '' };

/** The chart or dashboard the schedule shows; null for an alert that names neither. */
async function subjectOf(ctx: AppContext, schedule: ScheduleRow): Promise<ReportSubject | null> {
  const db = ctx.metastore.db;
  if (schedule.chart_id !== null) {
    const name = await chartName(db, schedule.chart_id);
    if (name === null) throw new RenderError('The report’s chart no longer exists', runError('chart_gone'));
    return { kind: 'chart', id: schedule.chart_id, name };
  }
  if (schedule.dashboard_id !== null) {
    const title = await dashboardTitle(db, schedule.dashboard_id);
    if (title === null) {
      throw new RenderError('The report’s dashboard no longer exists', runError('dashboard_gone'));
    }
    return { kind: 'dashboard', id: schedule.dashboard_id, title };
  }
  return null;
}

export interface Reader {
  /** Whose data the content shows. */
  principal: Principal;
  /** The mail's language. */
  language: string | null;
}

/** Renders once, then sends one mail per recipient row; the first failure throws. */
export async function deliverReport(
  ctx: AppContext,
  schedule: ScheduleRow,
  reader: Reader,
  recipients: readonly MailAddresses[],
): Promise<void> {
  if (recipients.length === 0) {
    throw new MailError('The report has no e-mail recipient', runError('no_recipient'));
  }
  const subject = await subjectOf(ctx, schedule);
  // An alert without a chart or dashboard sends its notice alone.
  const content = subject
    ? await rendererOf(schedule.report_format)({
        ctx,
        principal: reader.principal,
        subject,
        settings: schedule,
      })
    : EMPTY;
  const body = reportMailBody(ctx.config, schedule, subject, content, reader.language);
  for (const addresses of recipients) {
    await sendMail(ctx.config, { ...addresses, ...body, attachments: content.attachments });
  }
}

/**
 * Tells the owners a run failed, in the owners' language; answers why the notice itself failed, or
 * null when it went out.
 */
export async function notifyOwnersOfError(
  ctx: AppContext,
  schedule: ScheduleRow,
  owners: ReadonlyArray<{ email: string; preferred_language: string }>,
  error: RunError,
  language: string | null,
): Promise<{ message: string; error: RunError } | null> {
  const to = owners.map((owner) => owner.email.trim()).filter((email) => email !== '');
  try {
    await sendMail(ctx.config, { to, ...errorMailBody(schedule, error, language) });
    return null;
  } catch (failure) {
    return { message: messageOf(failure), error: runErrorOf(failure) };
  }
}
