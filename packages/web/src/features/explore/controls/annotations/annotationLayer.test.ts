import { describe, expect, it } from 'vitest';
import {
  annotationLayerOf,
  annotationProblems,
  isValidFormula,
  newAnnotationLayer,
  SOURCE_VIZ_TYPES,
  sourceTypesOf,
  withSource,
  withType,
} from './annotationLayer.ts';
import { sourceChartColumns } from './sourceCharts.ts';

describe('annotation layers', () => {
  it('starts as a shown formula layer in Superset shape', () => {
    expect(newAnnotationLayer()).toMatchObject({
      annotationType: 'FORMULA',
      sourceType: '',
      value: '',
      show: true,
      style: 'solid',
      width: 1,
      opacity: '',
      color: null,
      overrides: { time_range: null },
    });
  });

  it('checks formulas with the charts’ evaluator', () => {
    expect(isValidFormula('2x + 5')).toBe(true);
    expect(isValidFormula('1000 * sin(x / 86400000)')).toBe(true);
    expect(isValidFormula('2x +')).toBe(false);
    expect(isValidFormula('')).toBe(false);
    expect(isValidFormula('alert(1)')).toBe(false);
  });

  it('needs a unique name, a source and the columns its type reads', () => {
    const formula = { ...newAnnotationLayer(), name: 'Goal', value: '100' };
    expect(annotationProblems(formula, [])).toEqual([]);
    expect(annotationProblems(formula, ['Goal'])).toEqual(['name']);
    expect(annotationProblems({ ...formula, value: '2x +' }, [])).toEqual(['formula']);

    const interval = withType({ ...formula, name: 'Releases' }, 'INTERVAL');
    expect(interval).toMatchObject({ sourceType: 'table', value: null });
    expect(annotationProblems(interval, [])).toEqual(['source', 'timeColumn', 'intervalEndColumn']);
    expect(
      annotationProblems({ ...interval, value: 12, timeColumn: 'start', intervalEndColumn: 'end' }, []),
    ).toEqual([]);
    const series = withType(formula, 'TIME_SERIES');
    expect(series.sourceType).toBe('line');
    expect(annotationProblems({ ...series, value: 3 }, [])).toEqual([]);
  });

  it('draws events and intervals from a native layer, whose columns are fixed', () => {
    expect(sourceTypesOf('EVENT')).toEqual(['table', 'NATIVE']);
    expect(sourceTypesOf('TIME_SERIES')).toEqual(['line']);
    const fromTable = {
      ...withType({ ...newAnnotationLayer(), name: 'Releases' }, 'INTERVAL'),
      value: 12,
      timeColumn: 'start',
    };
    const native = withSource(fromTable, 'NATIVE');
    expect(native).toMatchObject({ sourceType: 'NATIVE', value: null, timeColumn: '' });
    expect(annotationProblems(native, [])).toEqual(['source']);
    expect(annotationProblems({ ...native, value: 3 }, [])).toEqual([]);
    expect(withSource(native, 'NATIVE')).toBe(native);
  });

  it('fills missing fields of saved layers', () => {
    expect(annotationLayerOf({ name: 'x', annotationType: 'EVENT', value: 4 })).toMatchObject({
      name: 'x',
      annotationType: 'EVENT',
      value: 4,
      show: true,
      descriptionColumns: [],
    });
  });

  it("reads a source chart's columns from its form data", () => {
    expect(
      sourceChartColumns({
        all_columns: ['start', 'end', 'title'],
        groupby: [{ label: 'Year', sqlExpression: 'year(ts)', expressionType: 'SQL' }],
        metrics: ['count', 'start'],
      }),
    ).toEqual(['start', 'end', 'title', 'Year', 'count']);
  });
});

describe('annotation sources', () => {
  it("are the chart types whose metadata says they can feed the layer (Superset's sources)", () => {
    expect([...SOURCE_VIZ_TYPES.table]).toEqual(['table']);
    expect([...SOURCE_VIZ_TYPES.line].sort()).toEqual([
      'big_number',
      'echarts_area',
      'echarts_timeseries_bar',
      'echarts_timeseries_line',
      'echarts_timeseries_scatter',
      'echarts_timeseries_smooth',
      'mixed_timeseries',
    ]);
  });
});
