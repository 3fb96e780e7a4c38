import { App } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving explore with unsaved changes: the app's own navigation through react-router's
 * blocker (a confirm dialog), closing or reloading the tab through beforeunload (the browser's dialog).
 * `allowNavigation` lets explore's own next navigation through (after a save, the URL moves to the chart).
 */
export function useLeaveGuard(dirty: boolean): { allowNavigation: () => void } {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypass = useRef(false);

  // A new change after an allowed navigation is guarded again.
  useEffect(() => {
    if (dirty) bypass.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      !bypass.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('explore.leave.title'),
      content: t('explore.leave.body'),
      okText: t('explore.leave.leave'),
      okButtonProps: { danger: true },
      cancelText: t('explore.leave.stay'),
      onOk: () => blockerRef.current.proceed?.(),
      onCancel: () => blockerRef.current.reset?.(),
    });
  }, [blocker.state, modal, t]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const allowNavigation = useCallback(() => {
    bypass.current = true;
  }, []);
  return { allowNavigation };
}
