import { getColumn, hasColumn, rowCount } from './frame.ts';
import { toEpochMs } from './time.ts';
import type { DataFrame, ResampleMethod } from './types.ts';
import { fail, fromFloat64, isNullish, optionsOf, toNumber } from './util.ts';

const OP = 'resample';
const METHODS: Record<ResampleMethod, true> = {
  asfreq: true,
  bfill: true,
  ffill: true,
  linear: true,
  median: true,
  mean: true,
  sum: true,
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Bucketing of a rule: floor a timestamp to its bucket label, and step to the next label. */
export interface Bucketing {
  floor(t: number): number;
  next(label: number): number;
}

/**
 * Parses a pandas offset alias. Fixed rules (S, T/min, H, D and multiples such as 7D) are anchored
 * at midnight of the first timestamp's day (pandas' origin 'start_day'); calendar rules are anchored
 * at period starts: M/MS month, Q/QS quarter, A/AS/Y/YS year (end-anchored aliases are read as
 * period start, since time grains truncate to period starts); W is a week ending on Sunday.
 */
export function parseRule(rule: unknown, firstTime: number): Bucketing {
  if (typeof rule !== 'string') fail(OP, 'rule', 'resample: option rule must be a string such as 1D');
  const m = /^(\d*)\s*(S|s|T|min|H|h|D|d|W|W-SUN|M|MS|Q|QS|A|AS|Y|YS)$/.exec(rule.trim());
  if (!m) fail(OP, 'rule', `Invalid resample rule: ${rule}`);
  const mult = m[1] ? Number(m[1]) : 1;
  if (!Number.isInteger(mult) || mult < 1) fail(OP, 'rule', `Invalid resample rule: ${rule}`);
  const unit = m[2] as string;
  const fixed: Record<string, number> = {
    S: SECOND,
    s: SECOND,
    T: MINUTE,
    min: MINUTE,
    H: HOUR,
    h: HOUR,
    D: DAY,
    d: DAY,
  };
  const step = fixed[unit];
  if (step !== undefined) {
    const size = step * mult;
    const origin = Math.floor(firstTime / DAY) * DAY;
    return {
      floor: (t) => origin + Math.floor((t - origin) / size) * size,
      next: (label) => label + size,
    };
  }
  if (unit === 'W' || unit === 'W-SUN') {
    const size = 7 * DAY * mult;
    // Label: the Sunday on or after the day (epoch day 3 was a Sunday).
    const sundayOf = (t: number) => {
      const day = Math.floor(t / DAY);
      return (day + ((((3 - day) % 7) + 7) % 7)) * DAY;
    };
    const origin = sundayOf(firstTime);
    return {
      floor: (t) => origin + Math.ceil((sundayOf(t) - origin) / size) * size,
      next: (label) => label + size,
    };
  }
  const months = unit.startsWith('M') ? mult : unit.startsWith('Q') ? 3 * mult : 12 * mult;
  const monthIndex = (t: number) => {
    const d = new Date(t);
    return d.getUTCFullYear() * 12 + d.getUTCMonth();
  };
  const fromIndex = (idx: number) => Date.UTC(Math.floor(idx / 12), idx % 12, 1);
  const first = monthIndex(firstTime);
  const anchor = months === 1 ? first : months % 12 === 0 ? first - (first % 12) : first - (first % 3);
  return {
    floor: (t) => fromIndex(anchor + Math.floor((monthIndex(t) - anchor) / months) * months),
    next: (label) => fromIndex(monthIndex(label) + months),
  };
}

function boundOf(value: unknown, option: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const time = toEpochMs(value);
  if (Number.isNaN(time)) fail(OP, option, `resample: option ${option} must be a time`);
  return time;
}

/**
 * Superset's zero-filling over the query's time range: with asfreq and a fill_value, the labels are
 * the union of the data's and a grid stepping by the rule from the range's start up to (not
 * including) its end, so empty periods at either end of the range show as fill_value too.
 */
function padToRange(labels: number[], options: Record<string, unknown>, bucketing: Bucketing): void {
  const start = boundOf(options.time_range_start, 'time_range_start');
  const end = boundOf(options.time_range_end, 'time_range_end');
  if (start === null || end === null || end <= start) return;
  const known = new Set(labels);
  let label = bucketing.floor(start);
  if (label < start) label = bucketing.next(label);
  for (; label < end; label = bucketing.next(label)) {
    if (!known.has(label)) labels.push(label);
    if (labels.length > 10_000_000) fail(OP, 'rule', 'Resample would produce more than 10,000,000 rows');
  }
  labels.sort((a, b) => a - b);
}

/**
 * pandas' resample on the time column (`time_column`, else the frame's index, else its first
 * column): labels run from the first to the last bucket without gaps. asfreq keeps the row at
 * each label exactly (missing → fill_value or null); ffill/bfill take the last row at or before /
 * the first row at or after each label and then fill remaining nulls; mean/median/sum aggregate
 * the rows of each bucket; linear interpolates the asfreq result by position.
 */
export function resample(frame: DataFrame, rawOptions: unknown): DataFrame {
  const options = optionsOf(OP, rawOptions, true);
  const method = options.method;
  if (typeof method !== 'string' || !Object.hasOwn(METHODS, method)) {
    fail(OP, 'method', `Resample method should be in ${Object.keys(METHODS).join(', ')}.`);
  }
  const fillValue = options.fill_value;
  if (fillValue !== undefined && fillValue !== null && typeof fillValue !== 'number') {
    fail(OP, 'fill_value', 'resample: option fill_value must be a number');
  }
  const timeColumn =
    (typeof options.time_column === 'string' ? options.time_column : undefined) ??
    frame.index?.[0] ??
    frame.columns[0];
  if (timeColumn === undefined || !hasColumn(frame, timeColumn)) {
    fail(OP, 'time_column', `Resample operation requires a temporal column: ${String(timeColumn)}`);
  }
  const rawTimes = getColumn(frame, timeColumn);
  const n = rowCount(frame);
  // Rows sorted by time; null times are dropped.
  const rows: number[] = [];
  const times = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const t = isNullish(rawTimes[i]) ? Number.NaN : toEpochMs(rawTimes[i]);
    if (!isNullish(rawTimes[i]) && Number.isNaN(t)) {
      fail(
        OP,
        'time_column',
        `Resample operation requires a temporal column; ${timeColumn} has ${String(rawTimes[i])}`,
      );
    }
    times[i] = t;
    if (!Number.isNaN(t)) rows.push(i);
  }
  rows.sort((a, b) => (times[a] as number) - (times[b] as number) || a - b);
  const others = frame.columns.filter((c) => c !== timeColumn);
  if (rows.length === 0) {
    if (typeof options.rule !== 'string') parseRule(options.rule, 0);
    const data: Record<string, unknown[]> = {};
    for (const c of frame.columns) data[c] = [];
    return { ...frame, columns: [...frame.columns], data };
  }
  const firstTime = times[rows[0] as number] as number;
  // Filling the query's range anchors fixed rules at its start (pandas' origin), as Superset does.
  const fillsRange = method === 'asfreq' && fillValue !== undefined && fillValue !== null;
  const rangeStart = fillsRange ? boundOf(options.time_range_start, 'time_range_start') : null;
  const bucketing = parseRule(
    options.rule,
    rangeStart === null ? firstTime : Math.min(rangeStart, firstTime),
  );
  const lastLabel = bucketing.floor(times[rows[rows.length - 1] as number] as number);
  const labels: number[] = [];
  for (let l = bucketing.floor(times[rows[0] as number] as number); l <= lastLabel; l = bucketing.next(l)) {
    labels.push(l);
    if (labels.length > 10_000_000) fail(OP, 'rule', 'Resample would produce more than 10,000,000 rows');
  }
  if (fillsRange) padToRange(labels, options, bucketing);
  const m = labels.length;
  const data: Record<string, unknown[]> = { [timeColumn]: labels.slice() };

  if (method === 'mean' || method === 'median' || method === 'sum') {
    // Bucket boundaries in the sorted rows.
    const starts = new Int32Array(m + 1);
    let k = 0;
    for (let b = 0; b < m; b++) {
      starts[b] = k;
      const end = b + 1 < m ? (labels[b + 1] as number) : Number.POSITIVE_INFINITY;
      while (k < rows.length && (times[rows[k] as number] as number) < end) k++;
    }
    starts[m] = rows.length;
    for (const c of others) {
      const src = getColumn(frame, c);
      const out = new Float64Array(m);
      const buf = new Float64Array(rows.length);
      for (let b = 0; b < m; b++) {
        let cnt = 0;
        let sum = 0;
        for (let r = starts[b] as number; r < (starts[b + 1] as number); r++) {
          const v = toNumber(src[rows[r] as number]);
          if (!Number.isNaN(v)) {
            buf[cnt++] = v;
            sum += v;
          }
        }
        if (method === 'sum') out[b] = sum;
        else if (cnt === 0) out[b] = Number.NaN;
        else if (method === 'mean') out[b] = sum / cnt;
        else {
          const s = buf.subarray(0, cnt).sort();
          out[b] =
            cnt % 2
              ? (s[(cnt - 1) / 2] as number)
              : ((s[cnt / 2 - 1] as number) + (s[cnt / 2] as number)) / 2;
        }
      }
      data[c] = fromFloat64(out);
    }
    return { ...frame, columns: [...frame.columns], data };
  }

  // Row chosen for each label: exact (asfreq/linear), last at or before (ffill), first at or after (bfill).
  const pick = new Int32Array(m).fill(-1);
  let k = 0;
  for (let b = 0; b < m; b++) {
    const label = labels[b] as number;
    if (method === 'bfill') {
      while (k < rows.length && (times[rows[k] as number] as number) < label) k++;
      if (k < rows.length) pick[b] = rows[k] as number;
    } else {
      while (k < rows.length && (times[rows[k] as number] as number) <= label) k++;
      const prev = k > 0 ? (rows[k - 1] as number) : -1;
      if (prev >= 0 && (method === 'ffill' || (times[prev] as number) === label)) pick[b] = prev;
    }
  }
  for (const c of others) {
    const src = getColumn(frame, c);
    const out = new Array<unknown>(m);
    for (let b = 0; b < m; b++) {
      const r = pick[b] as number;
      out[b] = r < 0 || isNullish(src[r]) ? null : src[r];
    }
    if (method === 'ffill') {
      for (let b = 1; b < m; b++) if (out[b] === null) out[b] = out[b - 1];
    } else if (method === 'bfill') {
      for (let b = m - 2; b >= 0; b--) if (out[b] === null) out[b] = out[b + 1];
    } else if (method === 'linear') {
      let last = -1;
      for (let b = 0; b < m; b++) {
        if (out[b] === null) continue;
        const v = toNumber(out[b]);
        if (last >= 0 && b - last > 1 && Number.isFinite(v)) {
          const lv = toNumber(out[last]);
          for (let j = last + 1; j < b; j++) out[j] = lv + ((v - lv) * (j - last)) / (b - last);
        }
        last = b;
      }
      if (last >= 0) for (let j = last + 1; j < m; j++) out[j] = out[last];
    } else if (fillValue !== undefined && fillValue !== null) {
      for (let b = 0; b < m; b++) if (out[b] === null) out[b] = fillValue;
    }
    data[c] = out;
  }
  return { ...frame, columns: [...frame.columns], data };
}
