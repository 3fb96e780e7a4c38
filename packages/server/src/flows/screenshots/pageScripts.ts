/**
 * What the renderer asks the page, as expressions the browser evaluates (the server is compiled
 * without the DOM's types, and these run in the page, not here).
 */

/** `{kind:'drawn'}`, `{kind:'signed-out'}`, `{kind:'failed', text}`, or null while still loading. */
export const PAGE_OUTCOME = `(() => {
  if (document.querySelector('[data-drawn="true"]')) return { kind: 'drawn' };
  if (window.location.pathname.startsWith('/login')) return { kind: 'signed-out' };
  // No canvas at all, nothing spinning, and an error, 404 or 403 shown: the page failed to open.
  const failure = document.querySelector('[role="alert"], .ant-result, .ant-empty');
  if (!document.querySelector('[data-drawn]') && !document.querySelector('.ant-spin-spinning') && failure) {
    return { kind: 'failed', text: failure.innerText.trim().slice(0, 300) };
  }
  return null;
})()`;

/** The outermost failed box of each chart (a dashboard's holder wraps the chart's own frame). */
export const FAILED_CHARTS = `[...document.querySelectorAll('[data-chart-status="failed"]')]
  .filter((element) => !element.parentElement?.closest('[data-chart-status="failed"]'))
  .map((element) => ({
    name: element.querySelector('[data-test="chart-title"]')?.innerText.trim() ?? '',
    text: element.innerText.trim().slice(0, 300),
  }))`;

/** The dashboard's own area (without the page around it) in CSS pixels from the page's top-left corner. */
export const DASHBOARD_AREA = `(() => {
  const rect = document.querySelector('[data-test="dashboard-page"]')?.getBoundingClientRect();
  if (!rect) return null;
  // A margin of the page's own background around the dashboard, within the page.
  const x = Math.max(0, rect.left + window.scrollX - 16);
  const y = Math.max(0, rect.top + window.scrollY - 16);
  const right = Math.min(document.documentElement.scrollWidth, rect.right + window.scrollX + 16);
  const bottom = Math.min(document.documentElement.scrollHeight, rect.bottom + window.scrollY + 16);
  return { x, y, width: right - x, height: bottom - y };
})()`;

/** Each dashboard chart's box in CSS pixels from the page's top-left corner. */
export const CHART_BOXES = `[...document.querySelectorAll('[data-test="chart-container"][data-chart-id]')].map((element) => {
  const rect = element.getBoundingClientRect();
  return {
    chartId: Number(element.dataset.chartId),
    x: rect.left + window.scrollX,
    y: rect.top + window.scrollY,
    width: rect.width,
    height: rect.height,
  };
})`;

export const PAGE_HEIGHT = 'document.documentElement.scrollHeight';
