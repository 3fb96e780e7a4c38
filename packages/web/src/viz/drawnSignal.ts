import { useEffect, useState } from 'react';

/**
 * The page's own "every chart has drawn" signal, which the server's screenshot renderer (and the
 * benchmark) wait for instead of sleeping: the root element gets `data-drawn="true"` once none of
 * its charts is waiting for data (`data-chart-status` idle or loading) and every ECharts canvas has
 * finished its frame (`data-echarts-drawn`, set by the 'finished' event) and nothing spins (a chart
 * type's code still loading), and `"false"` while any is.
 * Failed charts count as drawn: the renderer reads their `data-chart-status="failed"` and says why.
 * Roots render with `data-drawn="false"`, so that until the first check has run (a frame after
 * mounting) nobody takes the page for one without a root, such as an error page.
 */

const WAITING = [
  '[data-chart-status="idle"]',
  '[data-chart-status="loading"]',
  '[data-echarts-drawn="false"]',
  '.ant-spin-spinning',
].join(', ');
/** The attributes whose changes can change whether a chart is drawn. */
export const DRAWN_SIGNAL_ATTRIBUTES = ['data-chart-status', 'data-echarts-drawn', 'class'];

export function isDrawn(root: ParentNode): boolean {
  return root.querySelector(WAITING) === null;
}

/**
 * Returns the ref callback for the signal's root element. A callback rather than a ref object: a root
 * that mounts after the first render (a dashboard whose layout arrives later) still gets its signal.
 */
export function useDrawnSignal(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      // One frame later: the canvases report 'finished' before the browser has composited them.
      frame = requestAnimationFrame(() => {
        element.dataset.drawn = String(isDrawn(element));
      });
    };
    update();
    const observer = new MutationObserver(update);
    observer.observe(element, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: DRAWN_SIGNAL_ATTRIBUTES,
    });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, [element]);
  return setElement;
}
