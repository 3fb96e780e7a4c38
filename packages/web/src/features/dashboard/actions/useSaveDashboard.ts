import { useQueryClient } from '@tanstack/react-query';
import {
  type DashboardPropertiesBody,
  type SaveComparable,
  type StaleSaveDifference,
  staleSaveDiff,
} from '@vitrina/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useFeatureFlag } from '../../../api/featureFlags.ts';
import { useToasts } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { dashboardPath } from '../list/paths.ts';
import { fetchDashboard, putDashboard } from './dashboardApi.ts';
import { storeDashboard } from './dashboardCache.ts';
import { classifySaveFailure, saveDraft, saveRequestBody } from './saveDashboard.ts';

interface PendingOverwrite {
  body: DashboardPropertiesBody;
  differences: StaleSaveDifference[];
}

/**
 * The edit session's Save: PUT with the loaded `changed_on`; a stale save (409, under the
 * CONFIRM_DASHBOARD_DIFF flag) lists what differs for the person to confirm, and Overwrite saves again
 * without the check. After a save the address becomes the dashboard's path and the page's cached
 * dashboard is the stored one.
 */
export function useSaveDashboard() {
  const { t } = useTranslation();
  const { dashboard, session, dispatch } = useDashboardContext();
  const { addSuccessToast, addDangerToast } = useToasts();
  const rbacEnabled = useFeatureFlag('DASHBOARD_RBAC');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pending, setPending] = useState<PendingOverwrite | null>(null);

  const saved = async () => {
    const stored = await fetchDashboard(dashboard.id);
    storeDashboard(queryClient, stored);
    dispatch({ type: 'saveFinished', saved: true });
    dispatch({ type: 'setEditing', editing: false });
    addSuccessToast(t('dashboardActions.save.success'));
    void navigate(dashboardPath(stored), { replace: true });
  };

  const failed = async (error: unknown, body: DashboardPropertiesBody) => {
    const failure = classifySaveFailure(error);
    if (failure.kind === 'stale') {
      const server = await fetchDashboard(dashboard.id);
      const differences = staleSaveDiff(body as SaveComparable, server as unknown as SaveComparable);
      dispatch({ type: 'saveFinished', saved: false });
      addDangerToast(t('dashboardActions.save.confirmOverwrite'));
      setPending({ body, differences });
      return;
    }
    dispatch({ type: 'saveFinished', saved: false });
    if (failure.kind === 'forbidden') addDangerToast(t('dashboardActions.save.forbidden'));
    else if (failure.kind === 'message')
      addDangerToast(t('dashboardActions.save.error', { message: failure.message }));
    else addDangerToast(t('dashboardActions.save.unknown'));
  };

  const send = async (body: DashboardPropertiesBody) => {
    dispatch({ type: 'saveStarted' });
    try {
      await putDashboard(dashboard.id, body);
    } catch (error) {
      await failed(error, body).catch(() => {
        dispatch({ type: 'saveFinished', saved: false });
        addDangerToast(t('dashboardActions.save.unknown'));
      });
      return;
    }
    await saved().catch(() => {
      // Saved, but the fresh copy could not be read: the save still stands.
      dispatch({ type: 'saveFinished', saved: true });
      dispatch({ type: 'setEditing', editing: false });
      addSuccessToast(t('dashboardActions.save.success'));
    });
  };

  return {
    saving: session.saving,
    save: () => {
      if (session.saving) return;
      const draft = saveDraft(session);
      void send(saveRequestBody(draft, { rbacEnabled, loadedChangedOn: dashboard.changed_on }));
    },
    /** What differs from the stored dashboard while an overwrite waits for confirmation. */
    overwriteDifferences: pending?.differences ?? null,
    confirmOverwrite: () => {
      if (!pending) return;
      const { changed_on: _stale, ...body } = pending.body;
      setPending(null);
      void send(body);
    },
    cancelOverwrite: () => setPending(null),
  };
}
