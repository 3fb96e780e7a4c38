import { MoreOutlined } from '@ant-design/icons';
import { valueFilterChoices, viewedDashboardChoice } from '@vitrina/common';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFeatureFlag } from '../../../api/featureFlags.ts';
import { isEmbeddedPage } from '../../../api/guestToken.ts';
import { logEvent } from '../../../app/eventLog/index.ts';
import { chartFileName, localizedName, useToasts } from '../../../components/index.ts';
import { useReportMenu } from '../../reports/index.ts';
import { DASHBOARD_CONTENT_SELECTOR, downloadElementPdf, downloadElementPng } from '../actions/downloads.ts';
import { toggledFullscreenSearch } from '../actions/share.ts';
import { submenuArrow } from '../chartMenu/SubmenuArrow.tsx';
import { useDashboardContext } from '../context.ts';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import { useSharePermalink } from '../permalink/useSharePermalink.ts';
import { CanvasContext } from '../view/canvasContext.ts';

export type DashboardDialog = 'properties' | 'css' | 'saveAs' | 'refreshInterval' | 'embed';

/**
 * The dashboard's "…" menu: refresh, auto-refresh, downloads, share, properties, CSS, save as and
 * fullscreen, and its e-mail report (with the ALERT_REPORTS flag); each item only where the person's
 * permissions allow it.
 */
export function DashboardMenu({ onOpen }: { onOpen: (dialog: DashboardDialog) => void }) {
  const { t, i18n } = useTranslation();
  const { dashboard, permissions, session, refreshCharts } = useDashboardContext();
  const { addDangerToast } = useToasts();
  const share = useSharePermalink();
  const [search] = useSearchParams();
  const title = localizedName(session.title || dashboard.dashboard_title, session.titleRu, i18n.language);
  const fullscreen = search.has('standalone');
  const embedding = useFeatureFlag('EMBEDDED_SUPERSET');
  // Optional, as for permalinks: the header is drawn in tests without the canvas and the filters.
  const canvas = useContext(CanvasContext);
  const masks = useOptionalDataMask();
  // A new report starts from the applied selection (not the bar's unapplied one) and the open tabs.
  const reportMenu = useReportMenu({ kind: 'dashboard', id: dashboard.id }, title, () =>
    viewedDashboardChoice(
      session.layout,
      canvas?.activeTabs ?? {},
      masks?.dataMask ?? {},
      valueFilterChoices(dashboard.json_metadata),
    ),
  );

  const download = async (format: 'png' | 'pdf') => {
    const element = document.querySelector<HTMLElement>(DASHBOARD_CONTENT_SELECTOR);
    try {
      if (!element) throw new Error('The dashboard is not drawn');
      logEvent(format === 'png' ? 'dashboard_download_as_image' : 'dashboard_download_as_pdf');
      const fileName = chartFileName(title, format);
      await (format === 'png'
        ? downloadElementPng(element, fileName)
        : downloadElementPdf(element, fileName));
    } catch {
      addDangerToast(t('dashboardActions.menu.downloadFailed'));
    }
  };

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('dashboardActions.refresh.refreshDashboard') },
    { key: 'refreshInterval', label: t('dashboardActions.refresh.setInterval') },
    { type: 'divider' },
    ...(permissions.edit ? [{ key: 'properties', label: t('dashboardActions.menu.editProperties') }] : []),
    ...(permissions.edit && session.editing
      ? [{ key: 'css', label: t('dashboardActions.menu.editCss') }]
      : []),
    ...(permissions.save ? [{ key: 'saveAs', label: t('dashboardActions.menu.saveAs') }] : []),
    {
      key: 'download',
      label: t('dashboardActions.menu.download'),
      children: [
        { key: 'downloadImage', label: t('dashboardActions.menu.downloadImage') },
        { key: 'downloadPdf', label: t('dashboardActions.menu.downloadPdf') },
      ],
    },
    ...(permissions.share
      ? [
          {
            key: 'share',
            label: t('dashboardActions.menu.share'),
            children: [
              { key: 'copyLink', label: t('dashboardActions.menu.copyLink') },
              { key: 'shareEmail', label: t('dashboardActions.menu.shareEmail') },
            ],
          },
        ]
      : []),
    ...(reportMenu.item && !session.editing ? [reportMenu.item] : []),
    ...(permissions.embed && embedding && !session.editing
      ? [{ key: 'embed', label: t('embedded.menuItem') }]
      : []),
    ...(session.editing || isEmbeddedPage()
      ? []
      : [
          {
            key: 'fullscreen',
            label: t(
              fullscreen ? 'dashboardActions.menu.exitFullscreen' : 'dashboardActions.menu.enterFullscreen',
            ),
          },
        ]),
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (reportMenu.onClick(key)) return;
    switch (key) {
      case 'refresh':
        refreshCharts({ force: true });
        return;
      case 'refreshInterval':
      case 'embed':
      case 'properties':
      case 'css':
      case 'saveAs':
        onOpen(key);
        return;
      case 'downloadImage':
        void download('png');
        return;
      case 'downloadPdf':
        void download('pdf');
        return;
      // Both share a permalink of the page as it is: selection, open tabs, address parameters.
      case 'copyLink':
        void share.copyLink();
        return;
      case 'shareEmail':
        void share.shareByEmail();
        return;
      case 'fullscreen': {
        // A fresh load, as in Superset: the page reads its standalone mode once, when it opens.
        const query = toggledFullscreenSearch(new URLSearchParams(window.location.search)).toString();
        window.location.replace(
          `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
        );
        return;
      }
    }
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick, expandIcon: submenuArrow }}
        trigger={['click']}
        placement="bottomRight"
      >
        <Button
          icon={<MoreOutlined />}
          aria-label={t('dashboardActions.menu.more')}
          data-testid="dashboard-menu"
        />
      </Dropdown>
      {reportMenu.modals}
    </>
  );
}
