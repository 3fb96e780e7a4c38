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

/** Scrolls once to a restored permalink's anchor, after the first drawing (its tabs open already). */
export function PermalinkRestorer({ anchor }: { anchor: string | undefined }) {
  const { session } = useDashboardContext();
  const layout = useRef(session.layout);
  const target = useRef(anchor);

  useEffect(() => {
    const selector = target.current ? anchorSelector(layout.current, target.current) : null;
    if (!selector) return;
    // After React has drawn the anchor's element.
    const timer = window.setTimeout(
      () => document.querySelector(selector)?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
      0,
    );
    return () => window.clearTimeout(timer);
  }, []);

  return null;
}
