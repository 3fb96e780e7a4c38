import type { FilterConfigItem } from '@vitrina/common';
import { rebuildDataMask } from '@vitrina/common/filters/rebuildDataMask';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDashboardContext } from '../context.ts';
import { useOptionalDataMask } from '../nativeFilters/dataMaskContext.tsx';
import { useCanvas } from '../view/canvasContext.ts';
import { usePermalink } from './api.ts';
import { anchorSelector, PERMALINK_KEY_PARAM, tabsToOpen } from './permalinkState.ts';

/**
 * Restores a permalink on a dashboard opened with `permalink_key`: its selection replaces the
 * defaults, its tabs open, and the page scrolls to its anchor once that is drawn. Once per key.
 */
export function PermalinkRestorer() {
  const location = useLocation();
  const { session } = useDashboardContext();
  const canvas = useCanvas();
  const masks = useOptionalDataMask();
  const key = new URLSearchParams(location.search).get(PERMALINK_KEY_PARAM);
  const permalink = usePermalink(key);
  const restored = useRef<string | null>(null);

  const state = permalink.data?.state;
  useEffect(() => {
    if (!key || !state || !masks || restored.current === key) return;
    restored.current = key;
    // Rebuilt from the filters' own values: a crafted permalink adds no filter or SQL of its own.
    const filters = (session.metadata.native_filter_configuration ?? []) as FilterConfigItem[];
    if (state.dataMask) masks.replaceAll(rebuildDataMask(state.dataMask, filters));
    for (const [tabsId, tabId] of tabsToOpen(session.layout, state.activeTabs ?? []))
      canvas.setActiveTab(tabsId, tabId);
    const selector = state.anchor ? anchorSelector(session.layout, state.anchor) : null;
    if (!selector) return;
    // The anchor's tab was just opened: scroll once React has drawn it. Not cancelled when the
    // effect runs again, as it does at once because the selection changed.
    window.setTimeout(
      () => document.querySelector(selector)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
      0,
    );
  }, [key, state, masks, session.layout, session.metadata, canvas]);

  return null;
}
