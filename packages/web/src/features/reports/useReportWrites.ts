import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useDeleteReports, useSendReportNow, useUpdateReport } from '../../api/reports.ts';
import { useToasts } from '../../components/index.ts';
import { runErrorLineOf } from './runErrorDisplay.ts';

/** Turns a schedule on or off (`PUT {active}`); a failure gets the spec's toast. */
export function useToggleReportActive() {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  const update = useUpdateReport();
  const toggle = (id: number, active: boolean) =>
    update.mutate(
      { id, changes: { active } },
      { onError: () => addDangerToast(t('reports.toasts.activeFailed')) },
    );
  return { toggle, pendingId: update.isPending ? update.variables?.id : undefined };
}

/** Deletes schedules with the spec's toasts ('Deleted: %s', 'Your report could not be deleted'). */
export function useDeleteReportsWithToasts(onDeleted: (ids: readonly number[]) => void = () => {}) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const remove = useDeleteReports();
  return (ids: number[], name?: string) =>
    remove.mutate(ids, {
      onSuccess: () => {
        addSuccessToast(
          name
            ? t('reports.toasts.deleted', { name })
            : t('reports.toasts.deletedMany', { count: ids.length }),
        );
        onDeleted(ids);
      },
      onError: () => addDangerToast(t('reports.toasts.deleteFailed')),
    });
}

/** "Send now to me": a toast says whether the report went to the caller's address, or why not. */
export function useSendReportNowWithToasts() {
  const { t, i18n } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const sendNow = useSendReportNow();
  const send = (id: number) =>
    sendNow.mutate(id, {
      onSuccess: (result) =>
        result.state === 'Success'
          ? addSuccessToast(t('reports.toasts.sentNow'))
          : addDangerToast(
              t('reports.toasts.sendNowFailed', { reason: runErrorLineOf(result, i18n.language) ?? '' }),
            ),
      onError: (error) => addDangerToast(t('reports.toasts.sendNowFailed', { reason: errorText(error, t) })),
    });
  return { send, pendingId: sendNow.isPending ? sendNow.variables : undefined };
}
