/**
 * Value and time formatting of the family, as Superset decides it: the chart's currency wins, then a
 * saved metric's currency and number format from its dataset, then the chart's y-axis format.
 * Contribution and 'Expand' stacking show shares, so they format as percentages.
 */
import type { LanguageCode } from '../../api/security.ts';
import { getNumberFormatter, type NumberFormatter, SMART_NUMBER } from '../../format/number.ts';
import { getTimeFormatter, SMART_DATE, type TimeFormatter } from '../../format/time.ts';
import type { DatasourceMeta } from '../types.ts';
import type { CurrencyOption } from './formData.ts';

export interface ValueFormatOptions {
  /** y_axis_format (or y_axis_format_secondary). */
  format: string | null;
  /** The chart's currency_format, when a symbol is chosen. */
  currency: CurrencyOption | null;
  /** Shares (contribution, Expand): a percent format. */
  percent: boolean;
  locale: LanguageCode;
  datasource: DatasourceMeta | undefined;
  /** Saved metrics of the query (by name); only they carry a dataset format. */
  savedMetrics: ReadonlySet<string>;
}

/** The percent format: the chart's own when it is one, else one decimal. */
export function percentFormat(format: string | null): string {
  return format?.includes('%') ? format : ',.1%';
}

/** The formatter of one metric's values (null metric: the chart's default). */
export function valueFormatter(metric: string | null, options: ValueFormatOptions): NumberFormatter {
  const { locale } = options;
  if (options.percent) return getNumberFormatter(percentFormat(options.format), { locale });
  const format = options.format || SMART_NUMBER;
  if (options.currency) return getNumberFormatter(format, { locale, currency: options.currency });
  const saved =
    metric !== null && options.savedMetrics.has(metric)
      ? options.datasource?.metrics.find((candidate) => candidate.metric_name === metric)
      : undefined;
  if (saved?.currency?.symbol) {
    return getNumberFormatter(saved.d3format || format, { locale, currency: saved.currency });
  }
  if (saved?.d3format) return getNumberFormatter(saved.d3format, { locale });
  return getNumberFormatter(format, { locale });
}

/** The axis formatter: the metrics' shared formatter when they all format alike, else the default. */
export function axisFormatter(metrics: readonly string[], options: ValueFormatOptions): NumberFormatter {
  const formatters = new Set(metrics.map((metric) => valueFormatter(metric, options)));
  const [only] = formatters;
  return formatters.size === 1 && only ? only : valueFormatter(null, options);
}

export function timeFormatter(format: unknown, locale: LanguageCode): TimeFormatter {
  return getTimeFormatter(typeof format === 'string' && format ? format : SMART_DATE, locale);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Series names and values are data: escaped before they go into tooltip HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] as string);
}
