import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useDashboardContext } from '../context.ts';
import { usePermalink } from './api.ts';
import { anchorSelector, permalinkKeyOf } from './permalinkState.ts';

/**
 * The permalink a dashboard page opened with `permalink_key` restores. The page waits for it before
 * drawing the dashboard (`pending`), so that its selection and its open tabs are the page's first
 * state and each chart queries once. A link that cannot be read opens the dashboard as it is.
 */
export function useOpeningPermalink() {
  const location = useLocation();
  const permalink = usePermalink(permalinkKeyOf(location.search));
  return { pending: permalink.isLoading, state: permalink.data?.state };
}

/** How long the anchor's element may take to appear (a tab's content loads with its chunk). */
const ANCHOR_WAIT_MS = 15_000;

/**
 * Scrolls once to a restored permalink's anchor, once its element is drawn: at the first drawing, or
 * later when it sits in tabs whose code loads on first show (the tabs open already).
 */
export function PermalinkRestorer({ anchor }: { anchor: string | undefined }) {
  const { session } = useDashboardContext();
  const layout = useRef(session.layout);
  const target = useRef(anchor);

  useEffect(() => {
    const selector = target.current ? anchorSelector(layout.current, target.current) : null;
    if (!selector) return;
    let observer: MutationObserver | null = null;
    const scrolled = () => {
      const element = document.querySelector(selector);
      element?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      return element !== null;
    };
    // After React has drawn what it draws at once; then as the page's content arrives.
    const timer = window.setTimeout(() => {
      if (scrolled()) return;
      observer = new MutationObserver(() => {
        if (scrolled()) observer?.disconnect();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    }, 0);
    const giveUp = window.setTimeout(() => observer?.disconnect(), ANCHOR_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(giveUp);
      observer?.disconnect();
    };
  }, []);

  return null;
}
