import { Button, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isEmbeddedPage } from '../../../api/guestToken.ts';
import { localizedName } from '../../../components/index.ts';
import { useRefreshInterval } from '../actions/useRefreshInterval.ts';
import { useSaveDashboard } from '../actions/useSaveDashboard.ts';
import { useDashboardContext } from '../context.ts';
import { CertifiedBadge } from './CertifiedBadge.tsx';
import { DashboardDialogs } from './DashboardDialogs.tsx';
import { type DashboardDialog, DashboardMenu } from './DashboardMenu.tsx';
import { EditControls } from './EditControls.tsx';
import { applyPropertiesAction } from './editedDashboard.ts';
import { FavoriteStar } from './FavoriteStar.tsx';
import { OwnersAndModified } from './OwnersAndModified.tsx';
import { PublishedBadge } from './PublishedBadge.tsx';

/**
 * The dashboard's header: the title in the UI language with its star, publish and certification
 * badges, owners and last change; in view mode the Edit button for editors, in edit mode undo, redo,
 * discard and save; and the "…" menu. Hidden (its timers still running) when standalone ≥ 2.
 */
export function DashboardHeader() {
  const { t, i18n } = useTranslation();
  const { dashboard, permissions, session, dispatch, standalone } = useDashboardContext();
  const [dialog, setDialog] = useState<DashboardDialog | null>(null);
  const refresh = useRefreshInterval();
  const saver = useSaveDashboard();

  if (standalone >= 2) return null;

  const title = session.editing
    ? localizedName(session.title, session.titleRu, i18n.language)
    : localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, i18n.language);

  return (
    <header className="dashboard-header" data-test="dashboard-header" style={{ padding: '12px 16px 4px' }}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <Typography.Title level={3} ellipsis style={{ margin: 0 }} data-test="dashboard-title">
            {title}
          </Typography.Title>
          <CertifiedBadge
            certifiedBy={session.properties.certifiedBy}
            details={session.properties.certificationDetails}
          />
          {/* A guest has no favourites. */}
          {!isEmbeddedPage() && <FavoriteStar dashboardId={dashboard.id} />}
          <PublishedBadge />
        </Flex>
        <Flex align="center" gap={8}>
          {session.editing ? (
            <EditControls onSave={saver.save} onDiscard={() => dispatch({ type: 'discard' })} />
          ) : (
            permissions.edit && (
              <Button type="primary" onClick={() => dispatch({ type: 'setEditing', editing: true })}>
                {t('dashboardActions.edit.editDashboard')}
              </Button>
            )
          )}
          <DashboardMenu onOpen={setDialog} />
        </Flex>
      </Flex>
      <OwnersAndModified dashboard={{ ...dashboard, owners: session.properties.owners }} />
      <DashboardDialogs
        open={dialog}
        onClose={() => setDialog(null)}
        onPropertiesApplied={(changes) => dispatch(applyPropertiesAction(changes))}
        refreshSeconds={refresh.seconds}
        onRefreshChosen={refresh.choose}
        overwrite={{
          differences: saver.overwriteDifferences,
          confirm: saver.confirmOverwrite,
          cancel: saver.cancelOverwrite,
        }}
      />
    </header>
  );
}
