import { describe, expect, it } from 'vitest';
import { applyPostProcessing, fromRows, PostProcessingError, rowCount, toRecords } from './index.ts';
import type { DataFrame, PostProcessingOperation } from './types.ts';

const run = (frame: DataFrame, ...ops: unknown[]) =>
  applyPostProcessing(frame, ops as PostProcessingOperation[]);
const rec = (frame: DataFrame, ...ops: unknown[]) => toRecords(run(frame, ...ops));
const D = (s: string) => Date.parse(`${s}T00:00:00Z`);

const sales = fromRows(
  ['ts', 'country', 'amount'],
  [
    [D('2024-01-01'), 'FR', 1],
    [D('2024-01-01'), 'DE', 2],
    [D('2024-01-02'), 'FR', 3],
    [D('2024-01-03'), 'DE', 4],
    [D('2024-01-03'), null, 5],
  ],
);

function expectError(fn: () => unknown, operation: string, option?: string) {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PostProcessingError);
    expect((e as PostProcessingError).operation).toBe(operation);
    if (option) expect((e as PostProcessingError).option).toBe(option);
    return;
  }
  throw new Error('expected a PostProcessingError');
}

describe('frame helpers', () => {
  it('round-trips rows and records in column order', () => {
    const f = fromRows(
      ['b', 'a'],
      [
        [1, 'x'],
        [2, undefined],
      ],
    );
    expect(f.data).toEqual({ b: [1, 2], a: ['x', null] });
    expect(Object.keys(toRecords(f)[0] ?? {})).toEqual(['b', 'a']);
    expect(rowCount(f)).toBe(2);
    expect(rowCount(fromRows([], []))).toBe(0);
  });
});

describe('applyPostProcessing', () => {
  it.each([
    [[{ operation: 'nope' }], 'nope', 'operation'],
    [[{ operation: 'prophet', options: { periods: 3, confidence_interval: 0.8 } }], 'prophet', undefined],
    [['x'], '?', 'operation'],
  ])('refuses %j', (ops, operation, option) => {
    expectError(() => run(sales, ...(ops as unknown[])), operation, option);
  });
  it('skips null entries and leaves the input untouched', () => {
    const before = JSON.stringify(sales);
    run(sales, null, { operation: 'sort', options: { by: 'amount', ascending: false } });
    expect(JSON.stringify(sales)).toBe(before);
  });
});

describe('aggregate', () => {
  it.each([
    [
      { groupby: ['country'], aggregates: { s: { column: 'amount', operator: 'sum' } } },
      [
        { country: 'DE', s: 6 },
        { country: 'FR', s: 4 },
      ],
    ],
    [{ groupby: [], aggregates: { amount: { operator: 'mean' } } }, [{ amount: 3 }]],
    [
      {
        groupby: ['country'],
        aggregates: {
          m: { column: 'amount', operator: 'median' },
          n: { column: 'amount', operator: 'count' },
        },
      },
      [
        { country: 'DE', m: 3, n: 2 },
        { country: 'FR', m: 2, n: 2 },
      ],
    ],
    [
      { groupby: [], aggregates: { p: { column: 'amount', operator: 'percentile', options: { q: 25 } } } },
      [{ p: 2 }],
    ],
    [
      { groupby: [], aggregates: { sd: { column: 'amount', operator: 'std', options: { ddof: 1 } } } },
      [{ sd: Math.sqrt(2.5) }],
    ],
  ])('%j', (options, expected) => {
    expect(rec(sales, { operation: 'aggregate', options })).toEqual(expected);
  });
  it('handles empty frames and nulls', () => {
    const empty = fromRows(['g', 'v'], []);
    expect(
      rec(empty, {
        operation: 'aggregate',
        options: { groupby: ['g'], aggregates: { v: { operator: 'sum' } } },
      }),
    ).toEqual([]);
    const nulls = fromRows(
      ['g', 'v'],
      [
        ['a', null],
        ['a', null],
      ],
    );
    expect(
      rec(nulls, {
        operation: 'aggregate',
        options: { groupby: ['g'], aggregates: { v: { operator: 'mean' } } },
      }),
    ).toEqual([{ g: 'a', v: null }]);
  });
  it.each([
    [{ groupby: ['nope'], aggregates: {} }, 'groupby'],
    [{ groupby: [], aggregates: { x: { operator: 'sum' } } }, 'aggregates.x.column'],
    [{ groupby: [], aggregates: { amount: { operator: 'bogus' } } }, 'aggregates.amount.operator'],
  ])('refuses %j', (options, option) => {
    expectError(() => run(sales, { operation: 'aggregate', options }), 'aggregate', option);
  });
});

describe('pivot', () => {
  const agg = { amount: { operator: 'sum' } };
  it('pivots with flattened names, <NULL> fill and drop of missing columns', () => {
    const out = run(sales, {
      operation: 'pivot',
      options: { index: ['ts'], columns: ['country'], aggregates: agg },
    });
    expect(out.columns).toEqual(['ts', 'amount, <NULL>', 'amount, DE', 'amount, FR']);
    expect(out.index).toEqual(['ts']);
    expect(toRecords(out)).toEqual([
      { ts: D('2024-01-01'), 'amount, <NULL>': null, 'amount, DE': 2, 'amount, FR': 1 },
      { ts: D('2024-01-02'), 'amount, <NULL>': null, 'amount, DE': null, 'amount, FR': 3 },
      { ts: D('2024-01-03'), 'amount, <NULL>': 5, 'amount, DE': 4, 'amount, FR': null },
    ]);
  });
  it('fills metrics, drops null column keys without fill, sorts metrics and adds margins', () => {
    const out = run(sales, {
      operation: 'pivot',
      options: {
        index: ['ts'],
        columns: ['country'],
        aggregates: {
          zsum: { column: 'amount', operator: 'sum' },
          amean: { column: 'amount', operator: 'mean' },
        },
        column_fill_value: null,
        metric_fill_value: 0,
        marginal_distributions: true,
      },
    });
    expect(out.columns).toEqual([
      'ts',
      'amean, DE',
      'amean, FR',
      'amean, All',
      'zsum, DE',
      'zsum, FR',
      'zsum, All',
    ]);
    expect(out.data['zsum, All']).toEqual([3, 3, 4, 10]);
    expect(out.data['zsum, DE']).toEqual([2, 0, 4, 6]);
    expect(out.data['amean, All']).toEqual([1.5, 3, 4, 2.5]);
    expect(out.data.ts?.[3]).toBe('All');
  });
  it('without columns keeps metric names; combine_value_with_metric puts values first', () => {
    expect(run(sales, { operation: 'pivot', options: { index: ['country'], aggregates: agg } }).data).toEqual(
      {
        country: ['DE', 'FR', '<NULL>'].slice(0, 2),
        amount: [6, 4],
      },
    );
    const c = run(sales, {
      operation: 'pivot',
      options: { index: ['ts'], columns: ['country'], aggregates: agg, combine_value_with_metric: true },
    });
    expect(c.columns).toEqual(['ts', '<NULL>, amount', 'DE, amount', 'FR, amount']);
  });
  it('escapes separators inside values', () => {
    const f = fromRows(['i', 'c', 'v'], [[1, 'a, b', 2]]);
    expect(
      run(f, {
        operation: 'pivot',
        options: { index: ['i'], columns: ['c'], aggregates: { v: { operator: 'sum' } } },
      }).columns,
    ).toEqual(['i', 'v, a\\, b']);
  });
  it.each([
    [{ index: [], aggregates: agg }, 'index'],
    [{ index: ['ts'], aggregates: {} }, 'aggregates'],
    [{ index: ['ts'], columns: ['x'], aggregates: agg }, 'columns'],
  ])('refuses %j', (options, option) =>
    expectError(() => run(sales, { operation: 'pivot', options }), 'pivot', option),
  );
});

describe('rolling and cum', () => {
  const f = fromRows(
    ['t', 'y'],
    [
      [1, 1],
      [2, 2],
      [3, null],
      [4, 4],
      [5, 5],
    ],
  );
  it.each([
    [{ rolling_type: 'sum', window: 2, min_periods: 0, columns: { y: 'y' } }, [1, 3, 2, 4, 9]],
    [{ rolling_type: 'mean', window: 2, min_periods: 1, columns: ['y'] }, [1, 1.5, 2, 4, 4.5]],
    [{ rolling_type: 'sum', window: 2, columns: { y: 'y' } }, [null, 3, null, null, 9]],
    [{ rolling_type: 'max', window: 3, min_periods: 0, columns: { y: 'y' } }, [1, 2, 2, 4, 5]],
    [{ rolling_type: 'cumsum', columns: { y: 'y' } }, [1, 3, null, 7, 12]],
    [{ rolling_type: 'count', window: 2, min_periods: 0, columns: { y: 'y' } }, [1, 2, 1, 1, 2]],
  ])('%j', (options, expected) => {
    expect(run(f, { operation: 'rolling', options }).data.y).toEqual(expected);
  });
  it('std and min_periods trimming as Superset (drops the first min_periods - 1 rows)', () => {
    const out = run(f, {
      operation: 'rolling',
      options: { rolling_type: 'std', window: 3, min_periods: 2, columns: { y: 'sd' } },
    });
    expect(out.data.t).toEqual([2, 3, 4, 5]);
    expect(out.columns).toEqual(['t', 'y', 'sd']);
    const sd = out.data.sd as number[];
    expect(sd[0]).toBeCloseTo(Math.SQRT1_2);
    expect(sd[2]).toBeCloseTo(Math.sqrt(2));
  });
  it('applies to every pivoted column of a metric', () => {
    const p = run(
      sales,
      {
        operation: 'pivot',
        options: {
          index: ['ts'],
          columns: ['country'],
          aggregates: { amount: { operator: 'sum' } },
          metric_fill_value: 0,
        },
      },
      { operation: 'cum', options: { operator: 'sum', columns: { amount: 'amount' } } },
    );
    expect(p.data['amount, FR']).toEqual([1, 4, 4]);
    expect(p.data['amount, DE']).toEqual([2, 2, 6]);
  });
  it.each([
    [{ operator: 'sum', columns: { y: 'c' } }, [1, 3, null, 7, 12]],
    [{ operator: 'prod', columns: { y: 'c' } }, [1, 2, null, 8, 40]],
    [{ operator: 'min', columns: { y: 'c' } }, [1, 1, null, 1, 1]],
    [{ operator: 'max', columns: ['y'] }, [1, 2, null, 4, 5]],
  ])('cum %j', (options, expected) => {
    const out = run(f, { operation: 'cum', options });
    expect(out.data[Array.isArray(options.columns) ? 'y' : 'c']).toEqual(expected);
  });
  it.each([
    ['rolling', { rolling_type: 'bogus', window: 2, columns: ['y'] }, 'rolling_type'],
    ['rolling', { rolling_type: 'sum', columns: ['y'] }, 'window'],
    ['rolling', { rolling_type: 'sum', window: 0, columns: ['y'] }, 'window'],
    ['rolling', { rolling_type: 'sum', window: 2, columns: ['nope'] }, 'columns'],
    ['cum', { operator: 'avg', columns: ['y'] }, 'operator'],
  ])('%s refuses %j', (operation, options, option) =>
    expectError(() => run(f, { operation, options }), operation, option),
  );
  it('works on empty and single-row frames', () => {
    expect(
      run(fromRows(['y'], []), {
        operation: 'rolling',
        options: { rolling_type: 'mean', window: 3, min_periods: 0, columns: ['y'] },
      }).data.y,
    ).toEqual([]);
    expect(
      run(fromRows(['y'], [[7]]), {
        operation: 'rolling',
        options: { rolling_type: 'mean', window: 3, min_periods: 1, columns: ['y'] },
      }).data.y,
    ).toEqual([7]);
  });
});

describe('diff', () => {
  it.each([
    [{ columns: { y: 'd' } }, [null, 2, 3]],
    [{ columns: { y: 'd' }, periods: 2 }, [null, null, 5]],
    [{ columns: { y: 'd' }, periods: -1 }, [-2, -3, null]],
  ])('%j', (options, expected) => {
    expect(run(fromRows(['y'], [[1], [3], [6]]), { operation: 'diff', options }).data.d).toEqual(expected);
  });
});

describe('resample', () => {
  const f = fromRows(
    ['ts', 'y'],
    [
      ['2024-01-01T00:00:00', 1],
      ['2024-01-03T00:00:00', 3],
      ['2024-01-03T12:00:00', 5],
    ],
  );
  it.each([
    ['asfreq', undefined, [1, null, 3]],
    ['asfreq', 0, [1, 0, 3]],
    ['ffill', undefined, [1, 1, 3]],
    ['bfill', undefined, [1, 3, 3]],
    ['sum', undefined, [1, 0, 8]],
    ['mean', undefined, [1, null, 4]],
    ['median', undefined, [1, null, 4]],
    ['linear', undefined, [1, 2, 3]],
  ])('1D %s fill=%s', (method, fill_value, expected) => {
    const out = run(f, { operation: 'resample', options: { rule: '1D', method, fill_value } });
    expect(out.data.ts).toEqual([D('2024-01-01'), D('2024-01-02'), D('2024-01-03')]);
    expect(out.data.y).toEqual(expected);
  });
  it.each([
    ['1H', '2024-01-01T00:00:00Z', '2024-01-01T03:00:00Z', 4],
    ['1T', '2024-01-01T00:00:00Z', '2024-01-01T00:02:00Z', 3],
    ['7D', '2024-01-01T00:00:00Z', '2024-01-20T00:00:00Z', 3],
    ['1M', '2024-01-15T00:00:00Z', '2024-03-02T00:00:00Z', 3],
    ['1AS', '2022-06-01T00:00:00Z', '2024-02-01T00:00:00Z', 3],
  ])('rule %s', (rule, a, b, rows) => {
    const out = run(
      fromRows(
        ['ts', 'y'],
        [
          [Date.parse(a), 1],
          [Date.parse(b), 2],
        ],
      ),
      {
        operation: 'resample',
        options: { rule, method: 'sum' },
      },
    );
    expect(out.data.ts).toHaveLength(rows);
    const y = out.data.y as number[];
    expect(y[0]).toBe(1);
    expect(y[rows - 1]).toBe(2);
    if (rule === '1M') expect(out.data.ts?.[1]).toBe(Date.UTC(2024, 1, 1));
    if (rule === '1AS') expect(out.data.ts?.[0]).toBe(Date.UTC(2022, 0, 1));
  });
  it('asfreq with a fill_value fills the whole query time range, not only first to last row', () => {
    const options = {
      rule: '1D',
      method: 'asfreq',
      fill_value: 0,
      time_range_start: Date.parse('2023-12-30T00:00:00Z'),
      time_range_end: '2024-01-05T00:00:00',
    };
    const out = run(f, { operation: 'resample', options });
    expect(out.data.ts).toEqual(
      ['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04'].map(D),
    );
    expect(out.data.y).toEqual([0, 0, 1, 0, 3, 0]);
    // Without a fill_value (or with another method) the range is not padded, as in Superset.
    const plain = run(f, { operation: 'resample', options: { ...options, fill_value: null } });
    expect(plain.data.ts).toHaveLength(3);
    const summed = run(f, { operation: 'resample', options: { ...options, method: 'sum' } });
    expect(summed.data.ts).toHaveLength(3);
  });
  it('pads monthly buckets to the range by calendar month', () => {
    const out = run(fromRows(['ts', 'y'], [[Date.UTC(2024, 2, 1), 7]]), {
      operation: 'resample',
      options: {
        rule: '1MS',
        method: 'asfreq',
        fill_value: 0,
        time_range_start: Date.UTC(2024, 0, 1),
        time_range_end: Date.UTC(2024, 4, 1),
      },
    });
    expect(out.data.ts).toEqual([0, 1, 2, 3].map((m) => Date.UTC(2024, m, 1)));
    expect(out.data.y).toEqual([0, 0, 7, 0]);
  });
  it('uses the pivot index as time and keeps it', () => {
    const out = run(
      sales,
      {
        operation: 'pivot',
        options: { index: ['ts'], columns: ['country'], aggregates: { amount: { operator: 'sum' } } },
      },
      { operation: 'resample', options: { rule: '1D', method: 'asfreq', fill_value: 0 } },
    );
    expect(out.index).toEqual(['ts']);
    expect(out.data['amount, DE']).toEqual([2, 0, 4]);
  });
  it.each([
    [{ rule: '1D', method: 'nope' }, 'method'],
    [{ rule: 'xx', method: 'sum' }, 'rule'],
  ])('refuses %j', (options, option) =>
    expectError(() => run(f, { operation: 'resample', options }), 'resample', option),
  );
  it('handles an empty frame', () => {
    expect(
      rowCount(
        run(fromRows(['ts', 'y'], []), { operation: 'resample', options: { rule: '1D', method: 'sum' } }),
      ),
    ).toBe(0);
  });
});

describe('contribution', () => {
  const f = fromRows(
    ['label', 'a', 'b'],
    [
      ['x', 1, 3],
      ['y', null, 0],
      ['z', 3, 0],
    ],
  );
  it.each([
    [{}, { a: [0.25, 0, 0.75], b: [1, 0, 0] }],
    [{ orientation: 'row' }, { a: [0.25, null, 1], b: [0.75, null, 0] }],
    [
      { columns: ['a'], rename_columns: ['%a'] },
      { a: [1, null, 3], '%a': [0.25, 0, 0.75] },
    ],
    [{ columns: ['a'], contribution_totals: { a: 8 } }, { a: [0.125, 0, 0.375] }],
  ])('%j', (options, expected) => {
    const out = run(f, { operation: 'contribution', options });
    for (const [k, v] of Object.entries(expected)) expect(out.data[k]).toEqual(v);
    expect(out.data.label).toEqual(['x', 'y', 'z']);
  });
  it('zero column total gives null', () => {
    expect(run(fromRows(['a'], [[0], [0]]), { operation: 'contribution' }).data.a).toEqual([null, null]);
  });
  it('groups time shifts separately in row orientation', () => {
    const g = fromRows(['m', 'm__1 year ago'], [[1, 4]]);
    expect(
      rec(g, { operation: 'contribution', options: { orientation: 'row', time_shifts: ['1 year ago'] } }),
    ).toEqual([{ m: 1, 'm__1 year ago': 1 }]);
  });
  it.each([
    [{ columns: ['label'] }, 'columns'],
    [{ columns: ['a'], rename_columns: ['x', 'y'] }, 'rename_columns'],
    [{ orientation: 'diagonal' }, 'orientation'],
  ])('refuses %j', (options, option) =>
    expectError(() => run(f, { operation: 'contribution', options }), 'contribution', option),
  );
});

describe('compare', () => {
  const f = fromRows(
    ['ts', 'm', 'm__1 year ago'],
    [
      [1, 10, 8],
      [2, 5, 0],
      [3, null, 2],
    ],
  );
  it.each([
    ['difference', [2, 5, null]],
    ['percentage', [0.25, null, null]],
    ['ratio', [1.25, null, null]],
  ])('%s', (compare_type, expected) => {
    const out = run(f, {
      operation: 'compare',
      options: {
        source_columns: ['m'],
        compare_columns: ['m__1 year ago'],
        compare_type,
        drop_original_columns: true,
      },
    });
    const name = `${compare_type}__m__m__1 year ago`;
    expect(out.columns).toEqual(['ts', name]);
    expect(out.data[name]).toEqual(expected);
  });
  it('rounds to 10 decimals and keeps originals by default', () => {
    const g = fromRows(['a', 'b'], [[1, 3]]);
    const out = run(g, {
      operation: 'compare',
      options: { source_columns: ['a'], compare_columns: ['b'], compare_type: 'ratio' },
    });
    expect(out.columns).toEqual(['a', 'b', 'ratio__a__b']);
    expect(out.data.ratio__a__b).toEqual([0.3333333333]);
  });
  it('refuses mismatched lengths', () => {
    expectError(
      () =>
        run(f, {
          operation: 'compare',
          options: { source_columns: ['m'], compare_columns: [], compare_type: 'ratio' },
        }),
      'compare',
      'compare_columns',
    );
  });
});

describe('sort, rename, flatten, select', () => {
  const f = fromRows(
    ['k', 'v'],
    [
      ['b', 2],
      ['a', null],
      ['c', 1],
    ],
  );
  it.each([
    [{ by: 'v' }, ['c', 'b', 'a']],
    [{ by: ['v'], ascending: false }, ['b', 'c', 'a']],
    [{ by: 'k', ascending: [false] }, ['c', 'b', 'a']],
    [{ is_sort_index: true }, ['a', 'b', 'c']],
    [{ columns: { k: false } }, ['c', 'b', 'a']],
  ])('sort %j', (options, expected) => {
    expect(run(f, { operation: 'sort', options }).data.k).toEqual(expected);
  });
  it('sort refuses missing by', () =>
    expectError(() => run(f, { operation: 'sort', options: {} }), 'sort', 'by'));

  it('renames plain and pivoted columns; null drops the level (single-metric series names)', () => {
    expect(run(f, { operation: 'rename', options: { columns: { v: 'value' } } }).columns).toEqual([
      'k',
      'value',
    ]);
    const out = run(
      sales,
      {
        operation: 'pivot',
        options: { index: ['ts'], columns: ['country'], aggregates: { amount: { operator: 'sum' } } },
      },
      { operation: 'rename', options: { columns: { amount: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    );
    expect(out.columns).toEqual(['ts', '<NULL>', 'DE', 'FR']);
    expect(out.index).toBeUndefined();
  });
  it('rename refuses unknown columns and existing labels', () => {
    expectError(() => run(f, { operation: 'rename', options: { columns: { x: 'y' } } }), 'rename', 'columns');
    expectError(() => run(f, { operation: 'rename', options: { columns: { k: 'v' } } }), 'rename', 'columns');
  });
  it('flatten drops levels', () => {
    const p = run(sales, {
      operation: 'pivot',
      options: { index: ['ts'], columns: ['country'], aggregates: { amount: { operator: 'sum' } } },
    });
    expect(run(p, { operation: 'flatten', options: { drop_levels: [0] } }).columns).toEqual([
      'ts',
      '<NULL>',
      'DE',
      'FR',
    ]);
    expect(run(p, { operation: 'flatten', options: { reset_index: false } }).index).toEqual(['ts']);
  });
  it.each([
    [{ columns: ['v', 'k'] }, ['v', 'k']],
    [{ exclude: ['k'] }, ['v']],
    [{ columns: ['k', 'v'], exclude: ['v'], rename: { k: 'key' } }, ['key']],
  ])('select %j', (options, expected) => {
    expect(run(f, { operation: 'select', options }).columns).toEqual(expected);
  });
  it('select refuses unknown columns', () =>
    expectError(() => run(f, { operation: 'select', options: { columns: ['x'] } }), 'select', 'columns'));
});

describe('boxplot', () => {
  const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 100];
  const f = fromRows(['g', 'v'], [...values.map((v) => ['a', v]), ['b', 1], ['b', null]]);
  it('tukey', () => {
    const out = run(f, {
      operation: 'boxplot',
      options: { groupby: ['g'], metrics: ['v'], whisker_type: 'tukey' },
    });
    expect(out.columns).toEqual([
      'g',
      'v__mean',
      'v__median',
      'v__max',
      'v__min',
      'v__q1',
      'v__q3',
      'v__count',
      'v__outliers',
    ]);
    const [a] = toRecords(out);
    expect(a).toEqual({
      g: 'a',
      v__mean: 14.5,
      v__median: 5.5,
      v__max: 9,
      v__min: 1,
      v__q1: 3.5,
      v__q3: 7.5,
      v__count: 10,
      v__outliers: [100],
    });
    expect(toRecords(out)[1]).toMatchObject({ g: 'b', v__mean: 1, v__count: 2, v__outliers: [] });
  });
  it('min/max and percentile whiskers', () => {
    const mm = toRecords(
      run(f, { operation: 'boxplot', options: { groupby: [], metrics: ['v'], whisker_type: 'min/max' } }),
    )[0];
    expect(mm).toMatchObject({ v__max: 100, v__min: 1, v__outliers: [] });
    const p = toRecords(
      run(
        fromRows(
          ['v'],
          values.map((v) => [v]),
        ),
        {
          operation: 'boxplot',
          options: { groupby: [], metrics: ['v'], whisker_type: 'percentile', percentiles: [10, 90] },
        },
      ),
    )[0];
    expect(p?.v__min).toBeCloseTo(1.9);
    expect(p?.v__max).toBeCloseTo(18.1);
    expect(p?.v__outliers).toEqual([100, 1]);
  });
  it('refuses bad percentiles', () => {
    expectError(
      () =>
        run(f, {
          operation: 'boxplot',
          options: { groupby: [], metrics: ['v'], whisker_type: 'percentile', percentiles: [90, 10] },
        }),
      'boxplot',
      'percentiles',
    );
  });
});

describe('histogram', () => {
  const f = fromRows(
    ['g', 'v'],
    [
      ['a', 1],
      ['a', 2],
      ['b', 3],
      ['b', 4],
      ['b', null],
      ['a', 5],
    ],
  );
  it.each([
    [{ column: 'v', bins: 2 }, [{ '1.0 - 3.0': 2, '3.0 - 5.0': 3 }]],
    [{ column: 'v', bins: 2, cumulative: true }, [{ '1.0 - 3.0': 2, '3.0 - 5.0': 5 }]],
    [{ column: 'v', bins: 2, normalize: true }, [{ '1.0 - 3.0': 0.4, '3.0 - 5.0': 0.6 }]],
    [
      { column: 'v', groupby: ['g'], bins: 2 },
      [
        { g: 'a', '1.0 - 3.0': 2, '3.0 - 5.0': 1 },
        { g: 'b', '1.0 - 3.0': 0, '3.0 - 5.0': 2 },
      ],
    ],
  ])('%j', (options, expected) => {
    expect(rec(f, { operation: 'histogram', options })).toEqual(expected);
  });
  it('single value spans ±0.5; default 5 bins', () => {
    const out = run(fromRows(['v'], [[2]]), { operation: 'histogram', options: { column: 'v' } });
    expect(out.columns).toEqual(['1.5 - 1.7', '1.7 - 1.9', '1.9 - 2.1', '2.1 - 2.3', '2.3 - 2.5']);
  });
  it.each([
    [{ column: 'v', bins: 0 }, 'bins'],
    [{ column: 'v', bins: 1001 }, 'bins'],
    [{ column: 'g' }, 'column'],
  ])('refuses %j', (options, option) =>
    expectError(() => run(f, { operation: 'histogram', options }), 'histogram', option),
  );
});

describe('rank, geohash, separators', () => {
  it('rank pct with ties', () => {
    expect(
      run(fromRows(['v'], [[1], [2], [2], [null]]), { operation: 'rank', options: { metric: 'v' } }).data
        .rank,
    ).toEqual([1 / 3, 2.5 / 3, 2.5 / 3, null]);
  });
  it('geohash round trip', () => {
    const f = fromRows(['lat', 'lon'], [[57.64911, 10.40744]]);
    const enc = run(f, {
      operation: 'geohash_encode',
      options: { latitude: 'lat', longitude: 'lon', geohash: 'h' },
    });
    expect(enc.data.h).toEqual(['u4pruydqqvj8']);
    const dec = run(enc, {
      operation: 'geohash_decode',
      options: { geohash: 'h', latitude: 'la', longitude: 'lo' },
    });
    expect(dec.data.la?.[0]).toBeCloseTo(57.64911, 5);
  });
  it('escape and unescape', () => {
    const f = fromRows(['a, b'], [[1]]);
    const e = run(f, { operation: 'escape_separator' });
    expect(e.columns).toEqual(['a\\, b']);
    expect(run(e, { operation: 'unescape_separator' }).columns).toEqual(['a, b']);
  });
});

describe('Superset timeseries pipeline', () => {
  it('pivot → rolling → rename → flatten', () => {
    const out = run(
      sales,
      {
        operation: 'pivot',
        options: {
          index: ['ts'],
          columns: ['country'],
          aggregates: { amount: { operator: 'mean' } },
          drop_missing_columns: false,
        },
      },
      {
        operation: 'rolling',
        options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { amount: 'amount' } },
      },
      { operation: 'rename', options: { columns: { amount: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    );
    expect(toRecords(out)).toEqual([
      { ts: D('2024-01-01'), '<NULL>': 0, DE: 2, FR: 1 },
      { ts: D('2024-01-02'), '<NULL>': 0, DE: 2, FR: 4 },
      { ts: D('2024-01-03'), '<NULL>': 5, DE: 4, FR: 3 },
    ]);
  });
});
