/**
 * Time formatting: 'smart_date' (adaptive: the coarsest unit that shows the value exactly), any
 * d3-time-format pattern, and the spec's default DD-MM-YYYY HH:mm:ss. Values are epoch milliseconds
 * of naive (UTC) timestamps, as the chart data API sends them, so formatting is in UTC.
 */
import { type TimeLocaleDefinition, timeFormatLocale } from 'd3-time-format';
import type { LanguageCode } from '../api/security.ts';

export type TimeFormatter = (value: number | Date | string | null | undefined) => string;

export const SMART_DATE = 'smart_date';
export const DEFAULT_TIME_FORMAT = '%d-%m-%Y %H:%M:%S';

const LOCALES: Record<LanguageCode, TimeLocaleDefinition> = {
  en: {
    dateTime: '%x, %X',
    date: '%-m/%-d/%Y',
    time: '%-I:%M:%S %p',
    periods: ['AM', 'PM'],
    days: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortDays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
    months: [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ],
    shortMonths: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
  ru: {
    dateTime: '%A, %e %B %Y г. %X',
    date: '%d.%m.%Y',
    time: '%H:%M:%S',
    periods: ['AM', 'PM'],
    days: ['воскресенье', 'понедельник', 'вторник', 'среда', 'четверг', 'пятница', 'суббота'],
    shortDays: ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'],
    months: [
      'январь',
      'февраль',
      'март',
      'апрель',
      'май',
      'июнь',
      'июль',
      'август',
      'сентябрь',
      'октябрь',
      'ноябрь',
      'декабрь',
    ],
    shortMonths: ['янв', 'фев', 'мар', 'апр', 'май', 'июн', 'июл', 'авг', 'сен', 'окт', 'ноя', 'дек'],
  },
};

const cache = new Map<string, TimeFormatter>();

export function getTimeFormatter(format?: string | null, locale: LanguageCode = 'en'): TimeFormatter {
  const key = `${locale}|${format ?? ''}`;
  let formatter = cache.get(key);
  if (!formatter) {
    const base = !format || format === SMART_DATE ? smartDate(locale) : pattern(format, locale);
    formatter = (value) => {
      if (value === null || value === undefined || value === '') return '';
      const date =
        value instanceof Date
          ? value
          : new Date(typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value);
      return Number.isNaN(date.getTime()) ? String(value) : base(date);
    };
    cache.set(key, formatter);
  }
  return formatter;
}

export function formatTime(
  format: string | null | undefined,
  value: number | Date | string | null | undefined,
  locale: LanguageCode = 'en',
): string {
  return getTimeFormatter(format, locale)(value);
}

function pattern(format: string, locale: LanguageCode): (date: Date) => string {
  return timeFormatLocale(LOCALES[locale]).utcFormat(format);
}

/** Superset's smart date: milliseconds, seconds, minutes, hours, day, month or year, whichever is exact. */
function smartDate(locale: LanguageCode): (date: Date) => string {
  const f = timeFormatLocale(LOCALES[locale]).utcFormat;
  const ru = locale === 'ru';
  const millisecond = f('.%L');
  const second = f(':%S');
  const minute = f('%H:%M');
  const hour = f('%H:%M');
  const day = f(ru ? '%e %b' : '%a %d');
  const week = f(ru ? '%e %b' : '%b %d');
  const month = f(ru ? '%B' : '%B');
  const year = f('%Y');
  return (date) => {
    if (date.getUTCMilliseconds()) return millisecond(date);
    if (date.getUTCSeconds()) return second(date);
    if (date.getUTCMinutes()) return minute(date);
    if (date.getUTCHours()) return hour(date);
    if (date.getUTCDate() !== 1) return date.getUTCDay() === 0 ? week(date) : day(date);
    if (date.getUTCMonth()) return month(date);
    return year(date);
  };
}
