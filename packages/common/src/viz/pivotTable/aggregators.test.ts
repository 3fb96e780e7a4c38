import { describe, expect, it } from 'vitest';
import {
  AGGREGATE_FUNCTIONS,
  type AggregateFunction,
  aggregateFunctionOf,
  aggregationPlan,
} from './aggregators.ts';
import { naturalSort } from './naturalSort.ts';

function aggregate(name: AggregateFunction, values: unknown[]) {
  const aggregator = aggregationPlan(name).base();
  for (const value of values) aggregator.push(value);
  return aggregator.value();
}

const values = [4, 1, null, 7, 4, '2'];

describe('pivot aggregators', () => {
  it('count records and distinct values', () => {
    expect(aggregate('Count', values)).toBe(6);
    expect(aggregate('Count Unique Values', values)).toBe(5);
    expect(aggregate('List Unique Values', ['b', 'a', 'b', 'c'])).toBe('b, a, c');
  });

  it('sum, average and median the numeric values, skipping empty ones', () => {
    expect(aggregate('Sum', values)).toBe(18);
    expect(aggregate('Average', values)).toBe(3.6);
    expect(aggregate('Median', values)).toBe(4);
    expect(aggregate('Median', [1, 2, 3, 10])).toBe(2.5);
    expect(aggregate('Sum', [null, 'x'])).toBeNull();
    expect(aggregate('Average', [])).toBeNull();
  });

  it('compute the sample variance and standard deviation (n − 1)', () => {
    expect(aggregate('Sample Variance', [2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(32 / 7, 10);
    expect(aggregate('Sample Standard Deviation', [2, 4, 4, 4, 5, 5, 7, 9])).toBeCloseTo(
      Math.sqrt(32 / 7),
      10,
    );
    expect(aggregate('Sample Variance', [5])).toBe(0);
    expect(aggregate('Sample Variance', [null])).toBeNull();
  });

  it('take the minimum and maximum', () => {
    expect(aggregate('Minimum', values)).toBe(1);
    expect(aggregate('Maximum', values)).toBe(7);
    expect(aggregate('Maximum', [null])).toBeNull();
  });

  it('take the first and last value in natural order', () => {
    expect(aggregate('First', ['item 10', 'item 2', 'item 3'])).toBe('item 2');
    expect(aggregate('Last', ['item 10', 'item 2', 'item 3'])).toBe('item 10');
    expect(aggregate('First', [3, null, 1])).toBe(1);
  });

  it('base the fractions on the sum or the count', () => {
    expect(aggregationPlan('Sum as Fraction of Total').fractionOf).toBe('total');
    expect(aggregationPlan('Sum as Fraction of Rows').fractionOf).toBe('row');
    expect(aggregationPlan('Count as Fraction of Columns').fractionOf).toBe('col');
    expect(aggregate('Sum as Fraction of Rows', values)).toBe(18);
    expect(aggregate('Count as Fraction of Total', values)).toBe(6);
  });

  it('knows every function of the spec and falls back to Sum', () => {
    expect(AGGREGATE_FUNCTIONS).toHaveLength(18);
    expect(aggregateFunctionOf('Median')).toBe('Median');
    expect(aggregateFunctionOf('bogus')).toBe('Sum');
  });

  it('sorts naturally: empty first, numbers by value, digits inside text as numbers', () => {
    const sorted = ['b', 'item 10', null, 10, 'item 2', '9', 2, 'a'].sort(naturalSort);
    expect(sorted).toEqual([null, 2, '9', 10, 'a', 'b', 'item 2', 'item 10']);
  });
});
