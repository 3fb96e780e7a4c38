import type { ReportSendNowResponse } from '@vitrina/common/api/report';
import { runErrorParamsJson } from '@vitrina/common/reports/runErrors';
import { sendReportNow } from '../../flows/reports/sendNow.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { visibleReport } from './access.ts';

/**
 * "Send now to me" (`POST /report/{id}/send_now/`, ours): anyone who sees a schedule may have its
 * content mailed to themselves, since it goes to nobody else and is rendered with their own rights.
 */
export async function sendNowToCaller(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<ReportSendNowResponse> {
  await visibleReport(ctx.metastore.db, principal, id);
  const { state, errorMessage, error } = await sendReportNow(ctx, principal, id);
  return {
    result: {
      state,
      error_message: errorMessage,
      error_code: error?.code ?? null,
      error_params_json: error ? runErrorParamsJson(error) : null,
    },
  };
}
