/**
 * Conditional formatting (Superset's `conditional_formatting` control): rules of a column, an operator,
 * target value(s) and a colour. A matching cell gets the colour as its background, more opaque the
 * further the value lies from the rule's cut point towards the column's extreme (the gradient). The
 * table, the pivot table and the big number share these rules.
 */
import { cellNumber } from '../echartsShared/formData.ts';

/** Operators in Superset's spelling; 'None' colours every value on a gradient from min to max. */
export const COMPARATORS = [
  'None',
  '>',
  '<',
  '≥',
  '≤',
  '=',
  '≠',
  '< x <',
  '≤ x ≤',
  '≤ x <',
  '< x ≤',
] as const;
export type Comparator = (typeof COMPARATORS)[number];

const BETWEEN: ReadonlySet<Comparator> = new Set(['< x <', '≤ x ≤', '≤ x <', '< x ≤']);

/** ASCII spellings older or hand-written form data use. */
const ALIASES: Record<string, Comparator> = {
  '>=': '≥',
  '<=': '≤',
  '!=': '≠',
  '<>': '≠',
  '==': '=',
  between: '< x <',
};

export function comparatorOf(operator: unknown): Comparator | null {
  if (typeof operator !== 'string') return null;
  if ((COMPARATORS as readonly string[]).includes(operator)) return operator as Comparator;
  return ALIASES[operator.trim().toLowerCase()] ?? ALIASES[operator.trim()] ?? null;
}

export interface ConditionalFormattingRule {
  column?: string;
  operator?: string;
  targetValue?: number | string | null;
  targetValueLeft?: number | string | null;
  targetValueRight?: number | string | null;
  /** A colour: hex, rgb()/rgba(), {r,g,b,a}, or a theme name (colorSuccess, colorWarning, colorError). */
  colorScheme?: unknown;
}

export interface ColorFormatter {
  column: string;
  /** The background of a cell holding this value, or undefined when the rule does not match. */
  color: (value: unknown) => string | undefined;
}

const MIN_OPACITY_BOUNDED = 0.05;
const MIN_OPACITY_UNBOUNDED = 0;
const MAX_OPACITY = 1;

/** Superset's preset colours, by the theme names its control stores. */
const NAMED_COLORS: Record<string, [number, number, number]> = {
  colorSuccess: [90, 193, 137],
  colorWarning: [252, 199, 0],
  colorError: [224, 67, 85],
};

/** A colour as [r, g, b] (alpha is the rule's opacity), or null when it cannot be read. */
export function rgbOf(color: unknown): [number, number, number] | null {
  if (color && typeof color === 'object') {
    const { r, g, b } = color as Record<string, unknown>;
    return typeof r === 'number' && typeof g === 'number' && typeof b === 'number' ? [r, g, b] : null;
  }
  if (typeof color !== 'string') return null;
  const text = color.trim();
  const named = NAMED_COLORS[text];
  if (named) return named;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(text);
  if (short)
    return [1, 2, 3].map((i) => Number.parseInt(`${short[i]}${short[i]}`, 16)) as [number, number, number];
  const long = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})(?:[0-9a-f]{2})?$/i.exec(text);
  if (long) return [1, 2, 3].map((i) => Number.parseInt(long[i] as string, 16)) as [number, number, number];
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(text);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  return null;
}

/** Superset's gradient: opacity grows linearly from the cut point to the extreme value. */
export function opacityOf(
  value: number,
  cutPoint: number,
  extremeValue: number,
  minOpacity = MIN_OPACITY_BOUNDED,
  maxOpacity = MAX_OPACITY,
): number {
  if (extremeValue === cutPoint) return maxOpacity;
  const scaled = Math.abs(((maxOpacity - minOpacity) / (extremeValue - cutPoint)) * (value - cutPoint));
  return Math.min(maxOpacity, Math.round((scaled + minOpacity) * 100) / 100);
}

interface Match {
  cutPoint: number;
  extremeValue: number;
}

type Matcher = (value: number) => Match | false;

function matcherOf(
  comparator: Comparator,
  rule: ConditionalFormattingRule,
  min: number,
  max: number,
): Matcher | null {
  const target = cellNumber(rule.targetValue);
  const left = cellNumber(rule.targetValueLeft);
  const right = cellNumber(rule.targetValueRight);
  if (BETWEEN.has(comparator) && (left === null || right === null)) return null;
  if (comparator !== 'None' && !BETWEEN.has(comparator) && target === null) return null;
  const t = target as number;
  const l = left as number;
  const r = right as number;
  switch (comparator) {
    case 'None':
      return (v) => (v >= min && v <= max ? { cutPoint: min, extremeValue: max } : false);
    case '>':
      return (v) => (v > t ? { cutPoint: t, extremeValue: max } : false);
    case '<':
      return (v) => (v < t ? { cutPoint: t, extremeValue: min } : false);
    case '≥':
      return (v) => (v >= t ? { cutPoint: t, extremeValue: max } : false);
    case '≤':
      return (v) => (v <= t ? { cutPoint: t, extremeValue: min } : false);
    case '=':
      return (v) => (v === t ? { cutPoint: t, extremeValue: t } : false);
    case '≠': {
      const extremeValue = Math.abs(t - min) > Math.abs(max - t) ? min : max;
      return (v) => (v !== t ? { cutPoint: t, extremeValue } : false);
    }
    case '< x <':
      return (v) => (v > l && v < r ? { cutPoint: l, extremeValue: r } : false);
    case '≤ x ≤':
      return (v) => (v >= l && v <= r ? { cutPoint: l, extremeValue: r } : false);
    case '≤ x <':
      return (v) => (v >= l && v < r ? { cutPoint: l, extremeValue: r } : false);
    case '< x ≤':
      return (v) => (v > l && v <= r ? { cutPoint: l, extremeValue: r } : false);
  }
}

function extent(values: Iterable<unknown>): [number, number] {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const raw of values) {
    const value = cellNumber(raw);
    if (value === null) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min <= max ? [min, max] : [0, 0];
}

export function rulesOf(value: unknown): ConditionalFormattingRule[] {
  return Array.isArray(value)
    ? value.filter((rule): rule is ConditionalFormattingRule => !!rule && typeof rule === 'object')
    : [];
}

/**
 * The colour functions of the rules that can apply. `data` gives each column's range for the gradient;
 * without `gradient` (the big number) a match takes the rule's colour at full opacity.
 */
export function colorFormatters(
  rules: unknown,
  data: ReadonlyArray<Record<string, unknown>>,
  options: { gradient?: boolean } = {},
): ColorFormatter[] {
  const gradient = options.gradient ?? true;
  const formatters: ColorFormatter[] = [];
  for (const rule of rulesOf(rules)) {
    const comparator = comparatorOf(rule.operator);
    const rgb = rgbOf(rule.colorScheme);
    if (!rule.column || !comparator || !rgb) continue;
    const column = rule.column;
    const [min, max] = extent(data.map((row) => row[column]));
    const matcher = matcherOf(comparator, rule, min, max);
    if (!matcher) continue;
    const minOpacity = comparator === 'None' ? MIN_OPACITY_UNBOUNDED : MIN_OPACITY_BOUNDED;
    formatters.push({
      column,
      color: (raw) => {
        const value = cellNumber(raw);
        if (value === null) return undefined;
        const match = matcher(value);
        if (!match) return undefined;
        const alpha = gradient ? opacityOf(value, match.cutPoint, match.extremeValue, minOpacity) : 1;
        return `rgba(${rgb[0]},${rgb[1]},${rgb[2]},${alpha})`;
      },
    });
  }
  return formatters;
}

/** The colour the rules give a value of one column: the last matching rule wins, as in Superset. */
export function colorOf(
  formatters: readonly ColorFormatter[],
  column: string,
  value: unknown,
): string | undefined {
  let color: string | undefined;
  for (const formatter of formatters) {
    if (formatter.column !== column) continue;
    color = formatter.color(value) ?? color;
  }
  return color;
}
