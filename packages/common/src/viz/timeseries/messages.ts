/**
 * Texts the drawn chart itself shows (tooltip total, zoom buttons, query names), in the chart's locale. They live in
 * the viz catalogue under `viz.timeseries.chart.` so the server, when it renders a chart, and the web
 * app show the same words.
 */
import type { LanguageCode } from '../../api/security.ts';
import { VIZ_TEXTS } from '../../i18n/vizTexts.ts';

export type ChartText = 'total' | 'moreSeries' | 'zoomArea' | 'restoreZoom' | 'queryA' | 'queryB';

export function chartText(locale: LanguageCode, key: ChartText): string {
  const text = (VIZ_TEXTS[locale].viz.timeseries.chart as Record<string, unknown>)[key];
  return typeof text === 'string' ? text : key;
}
