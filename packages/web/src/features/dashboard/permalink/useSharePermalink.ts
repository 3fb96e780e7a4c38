import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, localizedName, useToasts } from '../../../components/index.ts';
import { shareByEmailHref } from '../actions/share.ts';
import { useDashboardContext } from '../context.ts';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import { CanvasContext } from '../view/canvasContext.ts';
import { createPermalink } from './api.ts';
import { permalinkState } from './permalinkState.ts';

/**
 * 'Copy link' and 'Share by e-mail' of the dashboard (and of one chart, by its anchor): both store a
 * permalink of the page as it is (selection, open tabs, address parameters) and share its address.
 */
export function useSharePermalink() {
  const { t, i18n } = useTranslation();
  const { dashboard, session } = useDashboardContext();
  // Optional: the header is drawn in tests without the canvas; no open tabs then.
  const canvas = useContext(CanvasContext);
  const masks = useOptionalDataMask();
  const { addSuccessToast, addDangerToast } = useToasts();

  const create = async (anchor?: string): Promise<string | null> => {
    try {
      const state = permalinkState(
        masks?.dataMask ?? {},
        canvas?.activeTabs ?? {},
        window.location.search,
        anchor,
      );
      return (await createPermalink(dashboard.id, state)).url;
    } catch (error) {
      addDangerToast(
        t('crossFilters.permalink.failed', {
          message: error instanceof Error ? error.message : String(error),
        }),
      );
      return null;
    }
  };

  const copyLink = async (anchor?: string) => {
    const url = await create(anchor);
    if (url === null) return;
    if (await copyText(url)) addSuccessToast(t('dashboardActions.menu.linkCopied'));
    else addDangerToast(t('dashboardActions.menu.copyFailed'));
  };

  const shareByEmail = async (anchor?: string) => {
    const url = await create(anchor);
    if (url === null) return;
    const title = localizedName(session.title || dashboard.dashboard_title, session.titleRu, i18n.language);
    window.location.href = shareByEmailHref(
      t('dashboardActions.menu.emailSubject', { title }),
      t('dashboardActions.menu.emailBody', { url }),
    );
  };

  return { copyLink, shareByEmail };
}
