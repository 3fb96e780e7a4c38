/**
 * Why a time range or time shift was refused. `kind` lets callers tell the cases apart; the message
 * is meant for people and names what is wrong (Superset's texts where Superset has one).
 */
export type TimeRangeErrorKind =
  /** Text that is neither a known phrase nor a date. */
  | 'parse'
  /** `7 days` without `ago` or `later`. */
  | 'ambiguous'
  /** A date that does not exist, e.g. 2023-02-29, or one outside years 1–9999. */
  | 'date'
  /** A time unit the place it is used in does not know. */
  | 'unit'
  /** A malformed DATEADD/DATETRUNC/… expression (parentheses, commas, arguments). */
  | 'syntax'
  /** since later than until. */
  | 'order'
  /** A time shift that cannot be applied. */
  | 'shift'
  /** A form Superset has that Vitrina does not implement (HOLIDAY). */
  | 'unsupported';

export class TimeRangeError extends Error {
  override name = 'TimeRangeError';
  constructor(
    readonly kind: TimeRangeErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** Superset's TimeRangeParseFailError text. */
export const cannotParse = (text: string): TimeRangeError =>
  new TimeRangeError('parse', `Cannot parse time string [${text}]`);

/** Superset's TimeRangeAmbiguousError text. */
export const ambiguous = (text: string): TimeRangeError =>
  new TimeRangeError(
    'ambiguous',
    `Time string is ambiguous. Please specify [${text} ago] or [${text} later].`,
  );

export const FROM_AFTER_TO = 'From date cannot be larger than to date';
