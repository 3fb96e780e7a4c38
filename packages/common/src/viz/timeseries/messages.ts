/**
 * Texts the drawn chart itself shows (tooltip total, zoom buttons, query names), in the chart's locale. They live in
 * the viz catalogue under `viz.timeseries.chart.` so the server, when it renders a chart, and the web
 * app show the same words.
 */
import type { LanguageCode } from '../../api/security.ts';
import { catalogues } from '../../i18n/index.ts';

export type ChartText = 'total' | 'moreSeries' | 'zoomArea' | 'restoreZoom' | 'queryA' | 'queryB';

export function chartText(locale: LanguageCode, key: ChartText): string {
  const viz = (catalogues[locale] as unknown as Record<string, unknown>).viz as Record<string, unknown>;
  const timeseries = viz?.timeseries as Record<string, unknown> | undefined;
  const chart = timeseries?.chart as Record<string, unknown> | undefined;
  const text = chart?.[key];
  return typeof text === 'string' ? text : key;
}
