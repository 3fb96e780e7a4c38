import { useQueryClient } from '@tanstack/react-query';
import type { DashboardLayout, DashboardMetadata } from '@vitrina/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../../components/index.ts';
import { fetchDashboard, putDashboard } from '../actions/dashboardApi.ts';
import { storeDashboard, updateCachedDashboard } from '../actions/dashboardCache.ts';
import { useDashboardContext } from '../context.ts';
import { parseMetadata } from '../loadSession.ts';

export type ScopingChange = (metadata: DashboardMetadata, layout: DashboardLayout) => DashboardMetadata;

/**
 * Saves a cross-filter scoping change (chart config save: begin, then complete or fail) through
 * `PUT /api/v1/dashboard/{id}` with the stored json_metadata changed; the page then reads the stored
 * dashboard, so the scope takes effect at once. A failure shows the spec's danger toast.
 */
export function useSaveScoping() {
  const { t } = useTranslation();
  const { dashboard, session } = useDashboardContext();
  const { addSuccessToast, addDangerToast } = useToasts();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async (change: ScopingChange): Promise<boolean> => {
    // The stored metadata, not the session's: scoping is saved outside an edit session.
    const metadata = change(parseMetadata(dashboard.json_metadata), session.layout);
    const jsonMetadata = JSON.stringify(metadata);
    setSaving(true);
    try {
      await putDashboard(dashboard.id, { json_metadata: jsonMetadata });
    } catch {
      setSaving(false);
      addDangerToast(t('crossFilters.scoping.saveFailed'));
      return false;
    }
    try {
      storeDashboard(queryClient, await fetchDashboard(dashboard.id));
    } catch {
      // Saved; the fresh copy could not be read, so the page keeps its copy with the new metadata.
      updateCachedDashboard(queryClient, dashboard.id, (cached) => ({
        ...cached,
        json_metadata: jsonMetadata,
      }));
    }
    setSaving(false);
    addSuccessToast(t('crossFilters.scoping.saved'));
    return true;
  };

  return { saving, save };
}
