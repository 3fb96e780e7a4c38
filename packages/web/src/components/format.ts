import { type LanguageCode, LruCache } from '@vitrina/common';
import { useTranslation } from 'react-i18next';

const LOCALES: Record<LanguageCode, string> = { en: 'en-US', ru: 'ru-RU' };

function localeOf(language: string): string {
  return LOCALES[language as LanguageCode] ?? LOCALES.en;
}

// Building an Intl formatter is costly and lists format every cell; the last 100 are kept (B §9).
const numberFormatters = new LruCache<Intl.NumberFormat>();
const dateFormatters = new LruCache<Intl.DateTimeFormat>();

/** The number formatter for a locale and options, built once while it stays among the recent 100. */
export function numberFormatter(locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return numberFormatters.getOrSet(
    `${locale}|${JSON.stringify(options ?? {})}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

function dateFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return dateFormatters.getOrSet(
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

export function formatNumber(value: number, language: string, options?: Intl.NumberFormatOptions): string {
  return numberFormatter(localeOf(language), options).format(value);
}

/** A date and time in the locale's own order; empty for a missing or unreadable value. */
export function formatDate(
  value: string | number | Date | null | undefined,
  language: string,
  options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' },
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return dateFormatter(localeOf(language), options).format(date);
}

/** The formatters bound to the UI's current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    date: (value: string | number | Date | null | undefined, options?: Intl.DateTimeFormatOptions) =>
      formatDate(value, language, options),
  };
}
