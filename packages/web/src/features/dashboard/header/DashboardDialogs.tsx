import { useQueryClient } from '@tanstack/react-query';
import type { DashboardDto, StaleSaveDifference } from '@vitrina/common';
import { useNavigate } from 'react-router';
import { fetchDashboard } from '../actions/dashboardApi.ts';
import { storeDashboard } from '../actions/dashboardCache.ts';
import { useDashboardContext } from '../context.ts';
import {
  CssEditorModal,
  EmbedDashboardModal,
  OverwriteModal,
  PropertiesModal,
  RefreshIntervalModal,
  SaveAsModal,
} from '../dialogs.ts';
import { dashboardPath } from '../list/paths.ts';
import type { PropertiesChanges } from '../properties/index.ts';
import type { DashboardDialog } from './DashboardMenu.tsx';
import { editedDashboard } from './editedDashboard.ts';

export interface DialogsProps {
  open: DashboardDialog | null;
  onClose: () => void;
  onPropertiesApplied: (changes: PropertiesChanges) => void;
  refreshSeconds: number;
  onRefreshChosen: (seconds: number) => void;
  overwrite: {
    differences: StaleSaveDifference[] | null;
    confirm: () => void;
    cancel: () => void;
  };
}

/** The header's modals: properties, CSS, save as, auto-refresh, and the overwrite confirmation. */
export function DashboardDialogs(props: DialogsProps) {
  const { dashboard, session, dispatch } = useDashboardContext();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { open, onClose, overwrite } = props;

  const savedProperties = async (saved: DashboardDto) => {
    // The stored copy, with the server's own changed_on for the next save's stale check.
    const stored = await fetchDashboard(saved.id).catch(() => saved);
    storeDashboard(queryClient, stored);
    void navigate(`${dashboardPath(stored)}${window.location.search}`, { replace: true });
  };

  return (
    <>
      {open === 'properties' && (
        <PropertiesModal
          open
          mode={session.editing ? 'apply' : 'save'}
          dashboard={session.editing ? editedDashboard(dashboard, session) : dashboard}
          onClose={onClose}
          onApply={props.onPropertiesApplied}
          onSaved={(saved) => void savedProperties(saved)}
        />
      )}
      {open === 'css' && (
        <CssEditorModal
          open
          css={session.css}
          onClose={onClose}
          onApply={(css) => dispatch({ type: 'setCss', css })}
        />
      )}
      {open === 'saveAs' && <SaveAsModal onClose={onClose} />}
      {open === 'embed' && <EmbedDashboardModal dashboardId={dashboard.id} onClose={onClose} />}
      {open === 'refreshInterval' && (
        <RefreshIntervalModal
          seconds={props.refreshSeconds}
          editing={session.editing}
          onApply={props.onRefreshChosen}
          onClose={onClose}
        />
      )}
      {overwrite.differences && (
        <OverwriteModal
          differences={overwrite.differences}
          saving={session.saving}
          onOverwrite={overwrite.confirm}
          onCancel={overwrite.cancel}
        />
      )}
    </>
  );
}
