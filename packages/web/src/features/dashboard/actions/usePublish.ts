import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { useToasts } from '../../../components/index.ts';
import { useDashboardContext } from '../context.ts';
import { fetchDashboard, setPublished } from './dashboardApi.ts';
import { updateCachedDashboard } from './dashboardCache.ts';

/** Toggles published/draft (`PUT {published}`), with the spec's toasts; only editors may. */
export function usePublish() {
  const { t } = useTranslation();
  const { dashboard, permissions } = useDashboardContext();
  const { addSuccessToast, addDangerToast } = useToasts();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async (published: boolean) => {
      await setPublished(dashboard.id, published);
      return fetchDashboard(dashboard.id);
    },
    onSuccess: (stored, published) => {
      // Only the version fields: an edit session in progress keeps its own titles, CSS and layout.
      updateCachedDashboard(queryClient, dashboard.id, (cached) => ({
        ...cached,
        published,
        changed_on: stored.changed_on,
        changed_on_delta_humanized: stored.changed_on_delta_humanized,
        changed_by_name: stored.changed_by_name,
        changed_by: stored.changed_by,
      }));
      addSuccessToast(
        t(published ? 'dashboardActions.publish.nowPublished' : 'dashboardActions.publish.nowHidden'),
      );
    },
    onError: (error) => addDangerToast(errorText(error, t)),
  });
  return {
    pending: mutation.isPending,
    toggle: () => {
      if (!permissions.edit) {
        addDangerToast(t('dashboardActions.publish.noPermission'));
        return;
      }
      mutation.mutate(!dashboard.published);
    },
  };
}
