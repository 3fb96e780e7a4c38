import { type DashboardLayout, findParentId, nodeOf, tabPathOf } from '@vitrina/common';
import { useCallback, useState } from 'react';

/** The tabs a chart or tab sits in, as TABS id → TAB id, so that it is shown. */
export function tabsShowing(layout: DashboardLayout, id: string): Record<string, string> {
  const shown: Record<string, string> = {};
  for (const tabId of [...tabPathOf(layout, id), ...(nodeOf(layout, id)?.type === 'TAB' ? [id] : [])]) {
    const tabsId = findParentId(layout, tabId);
    if (tabsId) shown[tabsId] = tabId;
  }
  return shown;
}

function hashTarget(): string {
  return typeof window === 'undefined' ? '' : decodeURIComponent(window.location.hash.replace(/^#/, ''));
}

/**
 * The selected tab of each tabs component. It starts with the tabs a permalink restores, then those
 * that show the focused chart, or the tab named in the address's hash; selecting a tab writes it to
 * the hash, so a link reopens it.
 */
export function useActiveTabs(
  layout: DashboardLayout,
  focusedNodeId: string | null,
  restored: Readonly<Record<string, string>> = {},
) {
  const [activeTabs, setActiveTabs] = useState<Record<string, string>>(() => {
    const target = focusedNodeId ?? hashTarget();
    return { ...restored, ...(target && nodeOf(layout, target) ? tabsShowing(layout, target) : {}) };
  });
  const setActiveTab = useCallback((tabsId: string, tabId: string) => {
    setActiveTabs((current) => ({ ...current, [tabsId]: tabId }));
    window.history.replaceState(window.history.state, '', `#${encodeURIComponent(tabId)}`);
  }, []);
  return { activeTabs, setActiveTab };
}
