import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a dashboard with unsaved changes: the app's own navigation through react-router's
 * blocker (a confirm dialog), closing or reloading the tab through beforeunload (the browser's dialog).
 */
export function useDashboardLeaveGuard(unsaved: boolean): void {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const unsavedRef = useRef(unsaved);
  unsavedRef.current = unsaved;

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      unsavedRef.current && currentLocation.pathname !== nextLocation.pathname,
  );
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('dashboardEdit.leave.title'),
      content: t('dashboardEdit.leave.body'),
      okText: t('dashboardEdit.leave.leave'),
      okButtonProps: { danger: true },
      cancelText: t('dashboardEdit.leave.stay'),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state, modal, t]);

  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}
