/**
 * The pivot table's aggregation functions, by the names Superset saves in `aggregateFunction`. Each
 * cell, subtotal and total of the pivot aggregates the values of the query rows that fall in it; the
 * "as Fraction of" functions divide a cell's sum or count by that of the grand total, its row or its
 * column. Semantics follow Superset's pivot (react-pivottable): sample statistics use n − 1, First and
 * Last are the smallest and largest value in natural order.
 */
import { cellNumber } from '../echartsShared/formData.ts';
import { naturalSort } from './naturalSort.ts';

export const AGGREGATE_FUNCTIONS = [
  'Count',
  'Count Unique Values',
  'List Unique Values',
  'Sum',
  'Average',
  'Median',
  'Sample Variance',
  'Sample Standard Deviation',
  'Minimum',
  'Maximum',
  'First',
  'Last',
  'Sum as Fraction of Total',
  'Sum as Fraction of Rows',
  'Sum as Fraction of Columns',
  'Count as Fraction of Total',
  'Count as Fraction of Rows',
  'Count as Fraction of Columns',
] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

export const DEFAULT_AGGREGATE_FUNCTION: AggregateFunction = 'Sum';

export function aggregateFunctionOf(value: unknown): AggregateFunction {
  return typeof value === 'string' && (AGGREGATE_FUNCTIONS as readonly string[]).includes(value)
    ? (value as AggregateFunction)
    : DEFAULT_AGGREGATE_FUNCTION;
}

/** i18n key suffix of each function's name (viz.types.pivotTable.aggregators.<key>). */
export const AGGREGATE_FUNCTION_KEYS: Record<AggregateFunction, string> = {
  Count: 'count',
  'Count Unique Values': 'countUnique',
  'List Unique Values': 'listUnique',
  Sum: 'sum',
  Average: 'average',
  Median: 'median',
  'Sample Variance': 'sampleVariance',
  'Sample Standard Deviation': 'sampleStdDev',
  Minimum: 'minimum',
  Maximum: 'maximum',
  First: 'first',
  Last: 'last',
  'Sum as Fraction of Total': 'sumFractionTotal',
  'Sum as Fraction of Rows': 'sumFractionRows',
  'Sum as Fraction of Columns': 'sumFractionColumns',
  'Count as Fraction of Total': 'countFractionTotal',
  'Count as Fraction of Rows': 'countFractionRows',
  'Count as Fraction of Columns': 'countFractionColumns',
};

export type CellValue = number | string | null;

/** Collects the values of one cell and answers the aggregate. */
export interface Aggregator {
  push(value: unknown): void;
  value(): CellValue;
}

/** What a fraction divides by: the grand total, the cell's row total or its column total. */
export type FractionOf = 'total' | 'row' | 'col';

/** How a function is computed: a base aggregator, and for fractions the denominator's position. */
export interface AggregationPlan {
  base: () => Aggregator;
  fractionOf: FractionOf | null;
}

function numbers(): { values: number[]; push: (value: unknown) => void } {
  const values: number[] = [];
  return {
    values,
    push: (value) => {
      const number = cellNumber(value);
      if (number !== null) values.push(number);
    },
  };
}

const count = (): Aggregator => {
  let n = 0;
  return {
    push: () => {
      n += 1;
    },
    value: () => n,
  };
};

const uniques = (answer: (values: unknown[]) => CellValue) => (): Aggregator => {
  const seen = new Set<unknown>();
  return {
    push: (value) => {
      seen.add(value ?? null);
    },
    value: () => answer([...seen]),
  };
};

const sum = (): Aggregator => {
  const collected = numbers();
  return {
    push: collected.push,
    value: () => (collected.values.length === 0 ? null : collected.values.reduce((a, b) => a + b, 0)),
  };
};

const average = (): Aggregator => {
  const collected = numbers();
  return {
    push: collected.push,
    value: () =>
      collected.values.length === 0
        ? null
        : collected.values.reduce((a, b) => a + b, 0) / collected.values.length,
  };
};

const median = (): Aggregator => {
  const collected = numbers();
  return {
    push: collected.push,
    value: () => {
      const sorted = [...collected.values].sort((a, b) => a - b);
      if (sorted.length === 0) return null;
      const middle = Math.floor(sorted.length / 2);
      return sorted.length % 2 === 1
        ? (sorted[middle] as number)
        : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
    },
  };
};

/** Sample variance (n − 1); a single value varies by 0, as in Superset. */
function sampleVariance(values: number[]): number | null {
  const n = values.length;
  if (n === 0) return null;
  if (n === 1) return 0;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  return values.reduce((total, value) => total + (value - mean) ** 2, 0) / (n - 1);
}

const variance = (root: boolean) => (): Aggregator => {
  const collected = numbers();
  return {
    push: collected.push,
    value: () => {
      const result = sampleVariance(collected.values);
      return result === null ? null : root ? Math.sqrt(result) : result;
    },
  };
};

const extreme = (pick: 'min' | 'max') => (): Aggregator => {
  let current: number | null = null;
  return {
    push: (value) => {
      const number = cellNumber(value);
      if (number === null) return;
      current = current === null ? number : Math[pick](current, number);
    },
    value: () => current,
  };
};

/** First / Last: the smallest / largest value in natural order (numbers and text alike). */
const ordered = (last: boolean) => (): Aggregator => {
  let current: string | number | null = null;
  return {
    push: (raw) => {
      if (raw === null || raw === undefined) return;
      const value = typeof raw === 'number' ? raw : String(raw);
      if (current === null) current = value;
      else if (last ? naturalSort(value, current) > 0 : naturalSort(value, current) < 0) current = value;
    },
    value: () => current,
  };
};

const PLANS: Record<AggregateFunction, AggregationPlan> = {
  Count: { base: count, fractionOf: null },
  'Count Unique Values': { base: uniques((values) => values.length), fractionOf: null },
  'List Unique Values': {
    base: uniques((values) => values.map((value) => String(value)).join(', ')),
    fractionOf: null,
  },
  Sum: { base: sum, fractionOf: null },
  Average: { base: average, fractionOf: null },
  Median: { base: median, fractionOf: null },
  'Sample Variance': { base: variance(false), fractionOf: null },
  'Sample Standard Deviation': { base: variance(true), fractionOf: null },
  Minimum: { base: extreme('min'), fractionOf: null },
  Maximum: { base: extreme('max'), fractionOf: null },
  First: { base: ordered(false), fractionOf: null },
  Last: { base: ordered(true), fractionOf: null },
  'Sum as Fraction of Total': { base: sum, fractionOf: 'total' },
  'Sum as Fraction of Rows': { base: sum, fractionOf: 'row' },
  'Sum as Fraction of Columns': { base: sum, fractionOf: 'col' },
  'Count as Fraction of Total': { base: count, fractionOf: 'total' },
  'Count as Fraction of Rows': { base: count, fractionOf: 'row' },
  'Count as Fraction of Columns': { base: count, fractionOf: 'col' },
};

export function aggregationPlan(name: AggregateFunction): AggregationPlan {
  return PLANS[name];
}

/** A fraction's value: the part over the whole; empty when either is missing or the whole is 0. */
export function fraction(part: CellValue, whole: CellValue): number | null {
  if (typeof part !== 'number' || typeof whole !== 'number' || whole === 0) return null;
  return part / whole;
}
