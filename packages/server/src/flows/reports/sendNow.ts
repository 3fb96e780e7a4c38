import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import type { ReportState } from '@vitrina/common/reports/states';
import { NotFoundError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { deliverReport } from './delivery.ts';
import { MailError } from './mail.ts';
import { findSchedule, userContact } from './repo.ts';
import { messageOf, runErrorOf } from './runErrors.ts';
import { RunLog } from './runLog.ts';

/**
 * "Send now to me": the schedule's content, rendered with the caller's own rights, mailed to the
 * caller's address only, with one execution-log row saying how it went. An alert is sent without
 * being evaluated (the caller asked to see it), and the schedule's state is left to its runs.
 * The route checks that the caller may see the schedule.
 */

export interface SendNowResult {
  state: Extract<ReportState, 'Success' | 'Error'>;
  errorMessage: string | null;
  error: RunError | null;
}

export async function sendReportNow(
  ctx: AppContext,
  principal: Principal,
  reportId: number,
): Promise<SendNowResult> {
  const db = ctx.metastore.db;
  const schedule = await findSchedule(db, reportId);
  if (!schedule) throw new NotFoundError();
  const started = new Date();
  const log = new RunLog(db, reportId, started, started, false);
  const contact = await userContact(db, principal.id);
  let result: SendNowResult;
  try {
    const email = contact?.email.trim();
    if (!email) {
      throw new MailError('You have no e-mail address to send the report to', runError('caller_no_email'));
    }
    await deliverReport(ctx, schedule, { principal, language: contact?.preferred_language ?? null }, [
      { to: [email], cc: [], bcc: [] },
    ]);
    result = { state: 'Success', errorMessage: null, error: null };
  } catch (error) {
    result = { state: 'Error', errorMessage: messageOf(error), error: runErrorOf(error) };
  }
  await log.record(result);
  return result;
}
