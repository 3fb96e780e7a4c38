import { type RefObject, useEffect } from 'react';

/**
 * The page's own "every chart has drawn" signal, which the server's screenshot renderer (and the
 * benchmark) wait for instead of sleeping: the root element gets `data-drawn="true"` once none of
 * its charts is waiting for data (`data-chart-status` idle or loading) and every ECharts canvas has
 * finished its frame (`data-echarts-drawn`, set by the 'finished' event) and nothing spins (a chart
 * type's code still loading), and `"false"` while any is.
 * Failed charts count as drawn: the renderer reads their `data-chart-status="failed"` and says why.
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

export function useDrawnSignal(root: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = root.current;
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
  }, [root]);
}
