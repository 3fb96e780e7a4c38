/**
 * The time-range picker's model, as Superset's date filter control has it: a range string belongs to one
 * of five frames (Last, Previous, Custom, Advanced, No filter); Custom ranges are encoded to and decoded
 * from `DATEADD(DATETIME("…"), n, unit)` expressions so a saved range reopens in the frame it was made in.
 */
import { NO_TIME_RANGE, TIME_RANGE_SEPARATOR } from '@vitrina/common';

export type RangeFrame = 'last' | 'previous' | 'custom' | 'advanced' | 'noFilter';
export const RANGE_FRAMES: readonly RangeFrame[] = ['last', 'previous', 'custom', 'advanced', 'noFilter'];

export const LAST_RANGES = ['Last day', 'Last week', 'Last month', 'Last quarter', 'Last year'] as const;
export const PREVIOUS_RANGES = [
  'previous calendar week',
  'previous calendar month',
  'previous calendar quarter',
  'previous calendar year',
] as const;

export const RELATIVE_UNITS = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
] as const;
export type RelativeUnit = (typeof RELATIVE_UNITS)[number];

/** How one end of a custom range is given: a date-time, N units from the other end, now, or midnight. */
export type EndpointMode = 'specific' | 'relative' | 'now' | 'today';

export interface CustomRange {
  sinceMode: EndpointMode;
  /** `YYYY-MM-DDTHH:mm:ss` when the mode is specific. */
  sinceDatetime: string;
  sinceGrain: RelativeUnit;
  /** How many units before the other end (stored positive). */
  sinceGrainValue: number;
  untilMode: EndpointMode;
  untilDatetime: string;
  untilGrain: RelativeUnit;
  /** How many units after the other end. */
  untilGrainValue: number;
  /** Both ends relative: the moment they count from. */
  anchorMode: 'now' | 'specific';
  anchorValue: string;
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A local date-time as the picker writes it: `YYYY-MM-DDTHH:mm:ss`. */
export function formatDatetime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

function midnight(now: Date, daysBack = 0): string {
  const date = new Date(now.getFullYear(), now.getMonth(), now.getDate() - daysBack);
  return formatDatetime(date);
}

/** Superset's starting custom range: from 7 days before midnight today, to midnight today. */
export function defaultCustomRange(now = new Date()): CustomRange {
  return {
    sinceMode: 'relative',
    sinceDatetime: midnight(now, 7),
    sinceGrain: 'day',
    sinceGrainValue: 7,
    untilMode: 'specific',
    untilDatetime: midnight(now),
    untilGrain: 'day',
    untilGrainValue: 7,
    anchorMode: 'now',
    anchorValue: midnight(now),
  };
}

const isFixed = (mode: EndpointMode) => mode !== 'relative';

function fixedEnd(mode: EndpointMode, datetime: string): string {
  return mode === 'specific' ? datetime : mode;
}

const dateAdd = (anchor: string, amount: number, unit: RelativeUnit) =>
  `DATEADD(DATETIME("${anchor}"), ${amount}, ${unit})`;

/** A custom range as the time range string Superset writes for it. */
export function encodeCustomRange(range: CustomRange): string {
  const amountBefore = -Math.abs(range.sinceGrainValue);
  const amountAfter = Math.abs(range.untilGrainValue);
  if (isFixed(range.sinceMode) && isFixed(range.untilMode)) {
    return `${fixedEnd(range.sinceMode, range.sinceDatetime)}${TIME_RANGE_SEPARATOR}${fixedEnd(
      range.untilMode,
      range.untilDatetime,
    )}`;
  }
  if (range.sinceMode === 'relative' && isFixed(range.untilMode)) {
    const until = fixedEnd(range.untilMode, range.untilDatetime);
    return `${dateAdd(until, amountBefore, range.sinceGrain)}${TIME_RANGE_SEPARATOR}${until}`;
  }
  if (isFixed(range.sinceMode) && range.untilMode === 'relative') {
    const since = fixedEnd(range.sinceMode, range.sinceDatetime);
    return `${since}${TIME_RANGE_SEPARATOR}${dateAdd(since, amountAfter, range.untilGrain)}`;
  }
  const anchor = range.anchorMode === 'now' ? 'now' : range.anchorValue;
  return `${dateAdd(anchor, amountBefore, range.sinceGrain)}${TIME_RANGE_SEPARATOR}${dateAdd(
    anchor,
    amountAfter,
    range.untilGrain,
  )}`;
}

const ISO = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?`;
const CONSTANT = '(?:today|now)';
const FIXED = new RegExp(`^(?:${ISO}|${CONSTANT})$`, 'i');
const RELATIVE = new RegExp(
  String.raw`^DATEADD\(DATETIME\("(${ISO}|${CONSTANT})"\),\s*([+-]?\d+),\s*(${RELATIVE_UNITS.join('|')})\)$`,
  'i',
);

interface ParsedEnd {
  fixed?: string;
  relative?: { anchor: string; amount: number; unit: RelativeUnit };
}

function parseEnd(text: string): ParsedEnd | null {
  const trimmed = text.trim();
  if (FIXED.test(trimmed)) return { fixed: trimmed };
  const match = RELATIVE.exec(trimmed);
  if (!match) return null;
  return {
    relative: { anchor: match[1]!, amount: Number(match[2]), unit: match[3]!.toLowerCase() as RelativeUnit },
  };
}

function fixedMode(text: string): { mode: EndpointMode; datetime?: string } {
  const lower = text.toLowerCase();
  if (lower === 'now' || lower === 'today') return { mode: lower };
  return { mode: 'specific', datetime: text };
}

/** A range string back into a custom range, or null when it is not one the Custom frame writes. */
export function decodeCustomRange(value: string, now = new Date()): CustomRange | null {
  const parts = value.split(TIME_RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const since = parseEnd(parts[0]!);
  const until = parseEnd(parts[1]!);
  if (!since || !until) return null;
  const range = defaultCustomRange(now);

  const applyFixed = (end: 'since' | 'until', text: string) => {
    const { mode, datetime } = fixedMode(text);
    if (end === 'since') {
      range.sinceMode = mode;
      if (datetime) range.sinceDatetime = datetime;
    } else {
      range.untilMode = mode;
      if (datetime) range.untilDatetime = datetime;
    }
  };

  if (since.fixed !== undefined && until.fixed !== undefined) {
    applyFixed('since', since.fixed);
    applyFixed('until', until.fixed);
    return range;
  }
  if (since.relative && until.fixed !== undefined) {
    if (since.relative.anchor !== until.fixed || since.relative.amount > 0) return null;
    applyFixed('until', until.fixed);
    return {
      ...range,
      sinceMode: 'relative',
      sinceGrain: since.relative.unit,
      sinceGrainValue: -since.relative.amount,
    };
  }
  if (since.fixed !== undefined && until.relative) {
    if (until.relative.anchor !== since.fixed || until.relative.amount < 0) return null;
    applyFixed('since', since.fixed);
    return {
      ...range,
      untilMode: 'relative',
      untilGrain: until.relative.unit,
      untilGrainValue: until.relative.amount,
    };
  }
  if (since.relative && until.relative) {
    if (since.relative.anchor !== until.relative.anchor) return null;
    if (since.relative.amount > 0 || until.relative.amount < 0) return null;
    const anchor = since.relative.anchor;
    const anchoredNow = anchor.toLowerCase() === 'now';
    if (!anchoredNow && !new RegExp(`^${ISO}$`).test(anchor)) return null;
    return {
      ...range,
      sinceMode: 'relative',
      sinceGrain: since.relative.unit,
      sinceGrainValue: -since.relative.amount,
      untilMode: 'relative',
      untilGrain: until.relative.unit,
      untilGrainValue: until.relative.amount,
      anchorMode: anchoredNow ? 'now' : 'specific',
      anchorValue: anchoredNow ? range.anchorValue : anchor,
    };
  }
  return null;
}

/** The frame a range string opens in. */
export function frameOf(value: string | null | undefined): RangeFrame {
  const range = (value ?? '').trim();
  if (range === '' || range === NO_TIME_RANGE) return 'noFilter';
  if ((LAST_RANGES as readonly string[]).includes(range)) return 'last';
  if ((PREVIOUS_RANGES as readonly string[]).includes(range)) return 'previous';
  if (decodeCustomRange(range)) return 'custom';
  return 'advanced';
}

/** The two sides of an Advanced range, as Superset's advanced frame splits them. */
export function advancedParts(value: string): [string, string] {
  if (value.includes(TIME_RANGE_SEPARATOR)) {
    const index = value.indexOf(TIME_RANGE_SEPARATOR);
    return [value.slice(0, index), value.slice(index + TIME_RANGE_SEPARATOR.length)];
  }
  if (value.startsWith('Last')) return [value, ''];
  if (value.startsWith('Next')) return ['', value];
  return ['', ''];
}

export function advancedRange(since: string, until: string): string {
  return `${since.trim()}${TIME_RANGE_SEPARATOR}${until.trim()}`;
}

/** The value a frame starts with when the user switches to it from `current`. */
export function initialValueOfFrame(frame: RangeFrame, current: string, now = new Date()): string {
  if (frameOf(current) === frame) return current;
  switch (frame) {
    case 'last':
      return 'Last week';
    case 'previous':
      return 'previous calendar week';
    case 'custom':
      return encodeCustomRange(defaultCustomRange(now));
    case 'advanced': {
      const [since, until] = advancedParts(current === NO_TIME_RANGE ? '' : current);
      return advancedRange(since, until);
    }
    case 'noFilter':
      return NO_TIME_RANGE;
  }
}
