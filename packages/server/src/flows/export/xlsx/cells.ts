import type { ColumnKind } from '@vitrina/common/sql/dialect';
import { NUMERIC_TEXT } from '../valueForms.ts';

/**
 * One value as the XML of one sheet cell. Numbers are `<v>` numbers (integers beyond Excel's 15
 * significant digits as text, so IDs are not silently rounded); numeric text from the driver (big
 * integers, decimals) is a number only when Excel keeps it exactly, else text; ISO timestamps and
 * dates are serial numbers with a date style (the wall clock as given, UTC for zoned values; before
 * 1900-03-01, where Excel's calendar is off by its 1900 leap-year bug, they stay ISO text); booleans
 * are booleans; everything else is an inline string (`t="inlineStr"`, no shared-strings table to hold).
 * Text is never a formula. Characters XML 1.0 cannot carry (C0 controls but tab, LF and CR; DEL;
 * U+FFFE/U+FFFF) are dropped, as exceljs did; text is cut at Excel's 32,767-character cell limit.
 */

/** Indexes into styles.xml's cellXfs (parts.ts). */
export const STYLE_HEADER = 1;
export const STYLE_DATE_TIME = 2;
export const STYLE_DATE = 3;

export const MAX_CELL_TEXT = 32_767;
const MAX_EXACT = 1e15;
/** Excel's serial of 1970-01-01 (days since 1899-12-30). */
const EPOCH_SERIAL = 25_569;
/** 1900-03-01: serials below are off by one in Excel (it counts a 29 February 1900). */
const FIRST_TRUE_SERIAL = 61;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const NEEDS_ESCAPE = /[<>&"\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g;

/** Text for XML element content and attribute values. */
export function escapeXml(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function significantDigits(text: string): number {
  const digits = text
    .replace(/^[-+]/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '');
  return digits.replace(/^0+/, '').replace(/0+$/, '').length;
}

/** Numeric text as a number when Excel stores it exactly, else null (kept as text). */
export function exactNumber(text: string): number | null {
  if (!NUMERIC_TEXT.test(text)) return null;
  const number = Number(text);
  if (!Number.isFinite(number) || significantDigits(text) > 15) return null;
  return number;
}

/** Digits of `text` in [start, end) as a number, or -1 when one is not a digit. */
function digits(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Excel's serial of the day `YYYY-MM-DD` at the start of `text`, or -1 when it is not a real date. */
function daySerial(text: string): number {
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45) return -1;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  if (year < 0 || month < 1 || month > 12 || day < 1) return -1;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && leap ? 29 : (MONTH_DAYS[month - 1] as number))) return -1;
  // Days from 1970-01-01 (H. Hinnant's days_from_civil).
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  const serial = era * 146_097 + dayOfEra - 719_468 + EPOCH_SERIAL;
  return serial < FIRST_TRUE_SERIAL ? -1 : serial;
}

/** `YYYY-MM-DD` as a serial, or -1. */
export function dateSerial(text: string): number {
  return text.length === 10 ? daySerial(text) : -1;
}

/** `YYYY-MM-DDTHH:MM:SS[.fff…][Z]` (the drivers' timestamps) as a serial with the time of day, or -1. */
export function timestampSerial(text: string): number {
  const length = text.length;
  if (length < 19 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58)
    return -1;
  const day = daySerial(text);
  if (day < 0) return -1;
  const hours = digits(text, 11, 13);
  const minutes = digits(text, 14, 16);
  const seconds = digits(text, 17, 19);
  if (hours < 0 || hours > 23 || minutes < 0 || minutes > 59 || seconds < 0 || seconds > 59) return -1;
  const end = text.charCodeAt(length - 1) === 90 ? length - 1 : length; // a trailing Z
  let fraction = 0;
  if (end > 19) {
    if (text.charCodeAt(19) !== 46 || end === 20 || digits(text, 20, end) < 0) return -1;
    // A serial keeps about a microsecond: nine digits are more than enough.
    const kept = Math.min(end, 29);
    fraction = digits(text, 20, kept) / 10 ** (kept - 20);
  }
  return day + (hours * 3600 + minutes * 60 + seconds + fraction) / 86_400;
}

function textCell(ref: string, text: string): string {
  let cut = text;
  if (cut.length > MAX_CELL_TEXT) {
    // Not between the halves of a surrogate pair.
    const last = cut.charCodeAt(MAX_CELL_TEXT - 1);
    cut = cut.slice(0, last >= 0xd800 && last <= 0xdbff ? MAX_CELL_TEXT - 1 : MAX_CELL_TEXT);
  }
  const escaped = escapeXml(cut);
  const first = escaped.charCodeAt(0);
  const final = escaped.charCodeAt(escaped.length - 1);
  // Leading or trailing white space survives only with xml:space="preserve".
  const preserve = first <= 32 || final <= 32;
  return preserve
    ? `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${escaped}</t></is></c>`
    : `<c r="${ref}" t="inlineStr"><is><t>${escaped}</t></is></c>`;
}

function numberCell(ref: string, value: number): string {
  if (Number.isInteger(value) && (value >= MAX_EXACT || value <= -MAX_EXACT))
    return textCell(ref, String(value));
  return `<c r="${ref}"><v>${value}</v></c>`;
}

function serialCell(ref: string, serial: number, style: number): string {
  return `<c r="${ref}" s="${style}"><v>${serial}</v></c>`;
}

function stringCell(ref: string, text: string, kind: ColumnKind): string {
  switch (kind) {
    case 'text':
    case 'boolean':
      return textCell(ref, text);
    case 'number': {
      const number = exactNumber(text);
      return number === null ? textCell(ref, text) : numberCell(ref, number);
    }
    case 'timestamp': {
      const stamp = timestampSerial(text);
      if (stamp >= 0) return serialCell(ref, stamp, STYLE_DATE_TIME);
      const day = dateSerial(text);
      return day >= 0 ? serialCell(ref, day, STYLE_DATE) : textCell(ref, text);
    }
    case 'date': {
      const day = dateSerial(text);
      if (day >= 0) return serialCell(ref, day, STYLE_DATE);
      const stamp = timestampSerial(text);
      return stamp >= 0 ? serialCell(ref, stamp, STYLE_DATE_TIME) : textCell(ref, text);
    }
    default: {
      const number = exactNumber(text);
      if (number !== null) return numberCell(ref, number);
      const stamp = timestampSerial(text);
      if (stamp >= 0) return serialCell(ref, stamp, STYLE_DATE_TIME);
      const day = dateSerial(text);
      return day >= 0 ? serialCell(ref, day, STYLE_DATE) : textCell(ref, text);
    }
  }
}

/** The `<c>` element of `value` at `ref` (`B7`), or '' for an empty cell (NULL, NaN, ±Infinity). */
export function cellXml(value: unknown, kind: ColumnKind, ref: string): string {
  switch (typeof value) {
    case 'string':
      return stringCell(ref, value, kind);
    case 'number':
      return Number.isFinite(value) ? numberCell(ref, value) : '';
    case 'boolean':
      return `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    case 'bigint':
      return textCell(ref, value.toString());
    case 'undefined':
      return '';
  }
  if (value === null) return '';
  if (value instanceof Date) {
    const time = value.getTime();
    if (Number.isNaN(time)) return '';
    const serial = time / 86_400_000 + EPOCH_SERIAL;
    return serial >= FIRST_TRUE_SERIAL && serial < 2_958_466
      ? serialCell(ref, serial, STYLE_DATE_TIME)
      : textCell(ref, value.toISOString());
  }
  return textCell(ref, JSON.stringify(value) ?? String(value));
}

/** A header cell: the column's name as bold text. */
export function headerCellXml(name: string, ref: string): string {
  return `<c r="${ref}" t="inlineStr" s="${STYLE_HEADER}"><is><t xml:space="preserve">${escapeXml(name)}</t></is></c>`;
}

/** Column letters of the 0-based `index`: A … Z, AA … XFD. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}
