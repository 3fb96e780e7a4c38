import {
  addUnits,
  type LastDayUnit,
  lastDay,
  startOfDay,
  type TimeUnit,
  truncate,
  unitFromWord,
  wholeSeconds,
} from './calendar.ts';
import { cannotParse, FROM_AFTER_TO, TimeRangeError } from './errors.ts';
import { evaluateDateExpression } from './expression.ts';
import { parseHumanDatetime } from './humanDate.ts';

/**
 * The time-range grammar of Superset's `time_range` (get_since_until), evaluated to the half-open
 * interval [since, until); null is an open bound.
 *
 * Clock: everything is computed in UTC from `options.now` (Superset uses the server's naive local
 * time; Vitrina's server clock is UTC). `today` is 00:00 UTC of now's date.
 */
export interface TimeRangeOptions {
  now: Date;
  /**
   * Anchor of relative phrases (Superset's relative_start / DEFAULT_RELATIVE_START_TIME). Left out, the
   * unit decides as in Superset: `now` for second/minute/hour, `today` for day and longer.
   */
  relativeStart?: 'today' | 'now';
  /** Anchor of the open end of `Last …` (Superset's relative_end); left out, decided by the unit. */
  relativeEnd?: 'today' | 'now';
}

export interface TimeBounds {
  since: Date | null;
  until: Date | null;
}

export const NO_TIME_RANGE = 'No filter';
export const TIME_RANGE_SEPARATOR = ' : ';

const CLOCK_UNITS = new Set<TimeUnit>(['hour', 'minute', 'second']);
const UNIT = '(second|minute|hour|day|week|month|quarter|year)';
const BROAD_UNIT = '(day|week|month|quarter|year)';

const LAST_NEXT = new RegExp(String.raw`^(last|next)\s+(?:(\d+)\s*)?${UNIT}s?$`, 'i');
const PREVIOUS_CALENDAR = /^previous calendar (week|month|quarter|year)$/i;
const CURRENT = /^current (day|week|month|quarter|year)$/i;
const FIRST_SUBUNIT_OF =
  /^(?:first|1st)\s+(week|month|quarter)\s+of\s+(?:(this|last|next|prior)\s+)?(?:the\s+)?(week|month|quarter|year)$/i;

const START_END_OF = new RegExp(
  String.raw`^(start of|beginning of|end of)\s+(this|last|next|prior)\s+(?:(\d+)\s*)?${BROAD_UNIT}s?$`,
  'i',
);
const FIRST_OF_SCOPE = new RegExp(
  String.raw`^(?:first|1st)\s+(?:day\s+)?of\s+(this|last|next|prior)\s+${BROAD_UNIT}s?$`,
  'i',
);
const FIRST_OF_THE = /^(?:first|1st)\s+(?:day\s+)?of\s+(?:the\s+)?(week|month|quarter|year)$/i;
const SCOPE_UNIT = new RegExp(String.raw`^(this|last|next|prior)\s+(?:(\d+)\s*)?${UNIT}s?$`, 'i');
const EXPRESSION = /^(DATETIME|DATEADD|DATETRUNC|LASTDAY|HOLIDAY)\b/i;

function unit(word: string | undefined): TimeUnit {
  const found = unitFromWord(word ?? '');
  if (found === null) throw new TimeRangeError('unit', `Unknown time unit '${word}'`);
  return found;
}

class Anchors {
  readonly now: Date;
  readonly today: Date;

  constructor(
    now: Date,
    private readonly relativeStart: 'today' | 'now' | undefined,
  ) {
    this.now = wholeSeconds(now);
    this.today = startOfDay(now);
  }

  of(name: 'today' | 'now'): Date {
    return name === 'now' ? this.now : this.today;
  }

  /** Superset's get_relative_base: the caller's relative start, else now for clock units, else today. */
  base(forUnit: TimeUnit): Date {
    return this.of(this.relativeStart ?? (CLOCK_UNITS.has(forUnit) ? 'now' : 'today'));
  }

  /** this / last|prior [n] / next [n] unit, from the base of that unit. */
  scoped(scope: string, amount: string | undefined, forUnit: TimeUnit): Date {
    const n = amount === undefined ? 1 : Number(amount);
    const base = this.base(forUnit);
    switch (scope.toLowerCase()) {
      case 'this':
        return base;
      case 'next':
        return addUnits(base, n, forUnit);
      default:
        return addUnits(base, -n, forUnit);
    }
  }
}

/** One side of `<since> : <until>`. */
function evaluateBound(part: string, anchors: Anchors): Date {
  let m = START_END_OF.exec(part);
  if (m) {
    const u = unit(m[4]);
    const base = anchors.scoped(m[2] ?? '', m[3], u);
    return (m[1] ?? '').toLowerCase() === 'end of' ? lastDay(base, u as LastDayUnit) : truncate(base, u);
  }
  m = FIRST_OF_SCOPE.exec(part);
  if (m) {
    const u = unit(m[2]);
    return truncate(anchors.scoped(m[1] ?? '', undefined, u), u);
  }
  m = FIRST_OF_THE.exec(part);
  if (m) {
    const u = unit(m[1]);
    return truncate(anchors.base(u), u);
  }
  m = SCOPE_UNIT.exec(part);
  if (m) return anchors.scoped(m[1] ?? '', m[2], unit(m[3]));
  if (EXPRESSION.test(part)) return evaluateDateExpression(part, anchors.now);
  return parseHumanDatetime(part, anchors.now);
}

/** The separator-less shorthands, rewritten to since/until as Superset does; null when not one. */
function shorthand(range: string, anchors: Anchors, options: TimeRangeOptions): TimeBounds | null {
  let m = LAST_NEXT.exec(range);
  if (m) {
    const u = unit(m[3]);
    const n = m[2] === undefined ? 1 : Number(m[2]);
    const defaultAnchor = CLOCK_UNITS.has(u) ? 'now' : 'today';
    if ((m[1] ?? '').toLowerCase() === 'last')
      return {
        since: addUnits(anchors.base(u), -n, u),
        until: anchors.of(options.relativeEnd ?? defaultAnchor),
      };
    return {
      since: anchors.of(options.relativeStart ?? defaultAnchor),
      until: addUnits(anchors.base(u), n, u),
    };
  }
  m = PREVIOUS_CALENDAR.exec(range);
  if (m) {
    const u = unit(m[1]);
    return { since: truncate(addUnits(anchors.today, -1, u), u), until: truncate(anchors.today, u) };
  }
  m = CURRENT.exec(range);
  if (m) {
    const u = unit(m[1]);
    return { since: truncate(anchors.today, u), until: truncate(addUnits(anchors.today, 1, u), u) };
  }
  m = FIRST_SUBUNIT_OF.exec(range);
  if (m) {
    const sub = unit(m[1]);
    const u = unit(m[3]);
    const start = truncate(anchors.scoped(m[2] ?? 'this', undefined, u), u);
    return { since: start, until: addUnits(start, 1, sub) };
  }
  return null;
}

/**
 * Every form of `time_range` Superset accepts:
 * - `No filter` (and an empty string) → both bounds open;
 * - `Last day|week|month|quarter|year`, `Last <n> <unit>s`, `Next …` (unit incl. second/minute/hour);
 * - `previous calendar week|month|quarter|year`, `Current day|week|month|quarter|year`;
 * - `first week|month|quarter of [this|last|next|prior] [the] week|month|quarter|year`;
 * - `<since> : <until>`, each side empty (open), a relative phrase (`this|last|next|prior [n] unit`,
 *   `start of|beginning of|end of …`, `first [day] of …`), an expression (DATETIME, DATEADD, DATETRUNC,
 *   LASTDAY) or a date in words or digits (`2024-01-01`, `today`, `7 days ago`, `last monday`).
 * Shorthands are matched case-insensitively. Throws TimeRangeError for anything else, including the
 * separator-less text Superset silently turns into `(None, today)`.
 */
export function parseTimeRange(range: string, options: TimeRangeOptions): TimeBounds {
  const text = range.trim();
  if (text === '' || text.toLowerCase() === NO_TIME_RANGE.toLowerCase()) return { since: null, until: null };
  const anchors = new Anchors(options.now, options.relativeStart);
  let bounds: TimeBounds;
  const separator = range.indexOf(TIME_RANGE_SEPARATOR);
  if (separator === -1) {
    const known = shorthand(text, anchors, options);
    if (known === null) throw cannotParse(text);
    bounds = known;
  } else {
    const sincePart = range.slice(0, separator).trim();
    const untilPart = range.slice(separator + TIME_RANGE_SEPARATOR.length).trim();
    bounds = {
      since: sincePart === '' ? null : evaluateBound(sincePart, anchors),
      until: untilPart === '' ? null : evaluateBound(untilPart, anchors),
    };
  }
  assertOrdered(bounds);
  return bounds;
}

export function assertOrdered(bounds: TimeBounds): void {
  if (bounds.since && bounds.until && bounds.since.getTime() > bounds.until.getTime())
    throw new TimeRangeError('order', FROM_AFTER_TO);
}
