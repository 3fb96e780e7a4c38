import type { DashboardChoice } from '@vitrina/common';
import { type MenuProps, Switch } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeatureFlag } from '../../api/featureFlags.ts';
import { useCurrentUser } from '../../api/me.ts';
import { type ReportTarget, useAttachedReport } from '../../api/reports.ts';
import { lazyComponent, Modal, useToasts } from '../../components/index.ts';
import {
  useDeleteReportsWithToasts,
  useSendReportNowWithToasts,
  useToggleReportActive,
} from './useReportWrites.ts';

type MenuItem = NonNullable<MenuProps['items']>[number];

// The form (its schedule texts, recipients, dashboard state) loads when a user opens it.
const HeaderReportModal = lazyComponent(() =>
  import('./HeaderReportModal.tsx').then((module) => module.HeaderReportModal),
);

/** The "Manage email reports" entry of a chart's or a dashboard's "…" menu, and what it opens. */
export interface ReportMenu {
  /** The submenu; null while reports are off, or the user or their report is not known yet. */
  item: MenuItem | null;
  /** Handles a click on one of the submenu's entries; false for any other key. */
  onClick: (key: string) => boolean;
  /** The modals it opens: render them beside the menu. */
  modals: ReactNode;
}

export const REPORT_MENU_KEYS = {
  setUp: 'report:setUp',
  toggle: 'report:toggle',
  edit: 'report:edit',
  sendNow: 'report:sendNow',
  delete: 'report:delete',
} as const;

/**
 * Superset's HeaderReportDropdown: with ALERT_REPORTS on, the current user's report on this chart or
 * dashboard (`GET /report/?q=` by target, creation method and creator) can be set up, edited,
 * switched on or off, sent to them now, or deleted. `target` is undefined for an unsaved chart.
 * `viewed` reads what a dashboard page shows (its tabs and applied filter values) when a new report's
 * form opens, so that the report starts from that view.
 */
export function useReportMenu(
  target: ReportTarget | undefined,
  targetName: string,
  viewed?: () => DashboardChoice,
): ReportMenu {
  const { t } = useTranslation();
  const { addDangerToast } = useToasts();
  const enabled = useFeatureFlag('ALERT_REPORTS');
  const me = useCurrentUser();
  const userId = enabled ? me.data?.id : undefined;
  const attached = useAttachedReport(enabled ? target : undefined, userId);
  const { toggle } = useToggleReportActive();
  const remove = useDeleteReportsWithToasts();
  const sendNow = useSendReportNowWithToasts();
  const [modal, setModal] = useState<'form' | 'delete' | null>(null);
  const [viewedAtOpen, setViewedAtOpen] = useState<DashboardChoice | undefined>(undefined);
  const report = attached.data ?? null;

  useEffect(() => {
    if (attached.isError) addDangerToast(t('reports.toasts.fetchAttachedFailed'));
  }, [attached.isError, addDangerToast, t]);

  const children: MenuItem[] = report
    ? [
        {
          key: REPORT_MENU_KEYS.toggle,
          label: (
            <span>
              <Switch size="small" checked={report.active} style={{ marginInlineEnd: 8 }} />
              {t('reports.menu.active')}
            </span>
          ),
        },
        { key: REPORT_MENU_KEYS.edit, label: t('reports.menu.edit') },
        { key: REPORT_MENU_KEYS.sendNow, label: t('reports.sendNow') },
        { key: REPORT_MENU_KEYS.delete, label: t('reports.menu.delete'), danger: true },
      ]
    : [{ key: REPORT_MENU_KEYS.setUp, label: t('reports.menu.setUp') }];

  const item: MenuItem | null =
    target && userId !== undefined && attached.isSuccess
      ? { key: 'report', label: t('reports.menu.manage'), children }
      : null;

  const onClick = (key: string) => {
    switch (key) {
      case REPORT_MENU_KEYS.setUp:
        setViewedAtOpen(viewed?.());
        setModal('form');
        return true;
      case REPORT_MENU_KEYS.edit:
        setModal('form');
        return true;
      case REPORT_MENU_KEYS.toggle:
        if (report) toggle(report.id, !report.active);
        return true;
      case REPORT_MENU_KEYS.sendNow:
        if (report) sendNow.send(report.id);
        return true;
      case REPORT_MENU_KEYS.delete:
        setModal('delete');
        return true;
      default:
        return false;
    }
  };

  const close = () => setModal(null);
  const modals = target && userId !== undefined && (
    <>
      {modal === 'form' && (
        <HeaderReportModal
          target={target}
          targetName={targetName}
          reportId={report?.id}
          userId={userId}
          userEmail={me.data?.email ?? ''}
          viewed={viewedAtOpen}
          onClose={close}
        />
      )}
      {modal === 'delete' && report && (
        <Modal
          open
          title={t('reports.menu.delete')}
          okText={t('common.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onCancel={close}
          onOk={() => {
            remove([report.id], report.name);
            close();
          }}
        >
          {t('reports.menu.deleteConfirm', { name: report.name })}
        </Modal>
      )}
    </>
  );

  return { item, onClick, modals };
}
