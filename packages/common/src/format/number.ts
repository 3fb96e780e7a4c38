/**
 * Number formatting as the spec's formats name it: 'SMART_NUMBER' (adaptive, the default), '~g'
 * (original value), any d3-format pattern, durations ('DURATION', 'DURATION_SUB', 'DURATION_COL') and
 * currencies (a symbol as prefix or suffix). Locale-aware: Russian uses a space for thousands and a comma
 * for decimals.
 */
import { type FormatLocaleDefinition, formatLocale } from 'd3-format';
import type { CurrencyFormat } from '../api/dataset.ts';
import type { LanguageCode } from '../api/security.ts';

export type NumberFormatter = (value: number | null | undefined) => string;

const LOCALES: Record<LanguageCode, FormatLocaleDefinition> = {
  en: { decimal: '.', thousands: ',', grouping: [3], currency: ['$', ''] },
  ru: { decimal: ',', thousands: '\u00a0', grouping: [3], currency: ['', '\u00a0₽'], minus: '\u2212' },
};

const CURRENCY_SYMBOLS: Record<string, string> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  RUB: '₽',
  JPY: '¥',
  CNY: '¥',
  INR: '₹',
};

export const SMART_NUMBER = 'SMART_NUMBER';
export const DEFAULT_NUMBER_FORMAT = SMART_NUMBER;

const cache = new Map<string, NumberFormatter>();

export function getNumberFormatter(
  format?: string | null,
  options: { locale?: LanguageCode; currency?: CurrencyFormat | null } = {},
): NumberFormatter {
  const locale = options.locale ?? 'en';
  const currency = options.currency?.symbol ? options.currency : null;
  const key = `${locale}|${format ?? ''}|${currency ? `${currency.symbol}:${currency.symbolPosition}` : ''}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = withNulls(withCurrency(baseFormatter(format || SMART_NUMBER, locale), currency, locale));
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatNumber(
  format: string | null | undefined,
  value: number | null | undefined,
  locale: LanguageCode = 'en',
): string {
  return getNumberFormatter(format, { locale })(value);
}

function withNulls(format: (value: number) => string): NumberFormatter {
  return (value) => {
    if (value === null || value === undefined) return '';
    const number = typeof value === 'number' ? value : Number(value);
    if (Number.isNaN(number)) return String(value);
    if (!Number.isFinite(number)) return number > 0 ? '∞' : '-∞';
    return format(number);
  };
}

function withCurrency(
  format: (value: number) => string,
  currency: CurrencyFormat | null,
  locale: LanguageCode,
): (value: number) => string {
  if (!currency) return format;
  const symbol = CURRENCY_SYMBOLS[currency.symbol.toUpperCase()] ?? currency.symbol;
  const gap = locale === 'ru' ? '\u00a0' : '';
  return currency.symbolPosition === 'suffix'
    ? (value) => `${format(value)}\u00a0${symbol}`
    : (value) => `${symbol}${gap}${format(value)}`;
}

function baseFormatter(format: string, locale: LanguageCode): (value: number) => string {
  const d3 = formatLocale(LOCALES[locale]);
  switch (format) {
    case SMART_NUMBER:
      return smartNumber(d3.format);
    case 'DURATION':
      return (value) => formatDuration(value, false);
    case 'DURATION_SUB':
      return (value) => formatDuration(value, true);
    case 'DURATION_COL':
      return formatDurationColon;
    default:
      try {
        return d3.format(format);
      } catch {
        // An unknown pattern shows the value as it is rather than failing the chart.
        return d3.format('~g');
      }
  }
}

/** Superset's smart number: SI suffixes from a thousand, two-ish significant decimals below. */
function smartNumber(format: (specifier: string) => (value: number) => string): (value: number) => string {
  const si = format('.3~s');
  const integer = format(',d');
  const small = format('.3~g');
  const decimal = format(',.2~f');
  const tiny = format('.3~e');
  return (value) => {
    const abs = Math.abs(value);
    if (abs === 0) return '0';
    if (abs >= 1000) return si(value).replace('G', 'B');
    if (Number.isInteger(value)) return integer(value);
    if (abs >= 1) return decimal(value);
    if (abs >= 0.001) return small(value);
    return tiny(value);
  };
}

const UNITS: Array<[string, number]> = [
  ['y', 365 * 24 * 3600 * 1000],
  ['d', 24 * 3600 * 1000],
  ['h', 3600 * 1000],
  ['m', 60 * 1000],
  ['s', 1000],
  ['ms', 1],
];

/** Milliseconds as '1m 6s' (pretty-ms style); with sub-milliseconds down to nanoseconds. */
export function formatDuration(ms: number, subMilliseconds: boolean): string {
  if (ms === 0) return subMilliseconds ? '0ms' : '0ms';
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    if (unit === 'ms' && !subMilliseconds) {
      const whole = Math.round(rest);
      if (whole > 0 || parts.length === 0) parts.push(`${whole}ms`);
      rest = 0;
      break;
    }
    const count = Math.floor(rest / size);
    if (count > 0) parts.push(`${count}${unit}`);
    rest -= count * size;
  }
  if (subMilliseconds && rest > 0) {
    const micro = Math.floor(rest * 1000);
    if (micro > 0) parts.push(`${micro}µs`);
    const nano = Math.round((rest * 1000 - micro) * 1000);
    if (nano > 0) parts.push(`${nano}ns`);
  }
  return sign + (parts.length ? parts.join(' ') : '0ms');
}

/** Milliseconds as a clock: 10500 → '0:10.5', 3723000 → '1:02:03'. */
export function formatDurationColon(ms: number): string {
  const sign = ms < 0 ? '-' : '';
  const total = Math.abs(ms) / 1000;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const secondsText = (
    Number.isInteger(seconds) ? String(seconds) : String(Number(seconds.toFixed(3)))
  ).padStart(Number.isInteger(seconds) ? 2 : 4, '0');
  return hours > 0
    ? `${sign}${hours}:${String(minutes).padStart(2, '0')}:${secondsText}`
    : `${sign}${minutes}:${secondsText}`;
}
