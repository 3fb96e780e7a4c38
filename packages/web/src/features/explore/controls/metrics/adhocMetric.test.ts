import { describe, expect, it } from 'vitest';
import { DATASET } from '../testing.tsx';
import {
  buildMetric,
  defaultMetricLabel,
  metricChipLabel,
  metricDraft,
  switchMetricTab,
} from './adhocMetric.ts';

describe('adhoc metrics', () => {
  it('builds a simple metric labelled AGG(column), with the column type', () => {
    const draft = {
      ...metricDraft(null, DATASET),
      tab: 'SIMPLE' as const,
      column: 'revenue',
      aggregate: 'SUM' as const,
    };
    const metric = buildMetric(draft, DATASET);
    expect(metric).toEqual({
      expressionType: 'SIMPLE',
      column: { column_name: 'revenue', type: 'DOUBLE' },
      aggregate: 'SUM',
      label: 'SUM(revenue)',
      hasCustomLabel: false,
      optionName: draft.optionName,
    });
    expect(draft.optionName).toMatch(/^metric_\w+_\w+$/);
  });

  it('keeps a custom label and marks it', () => {
    const draft = {
      ...metricDraft(null, DATASET),
      tab: 'SIMPLE' as const,
      column: 'country',
      aggregate: 'COUNT_DISTINCT' as const,
      customLabel: '  Countries ',
    };
    expect(buildMetric(draft, DATASET)).toMatchObject({
      aggregate: 'COUNT_DISTINCT',
      label: 'Countries',
      hasCustomLabel: true,
    });
  });

  it('builds a custom SQL metric labelled by its SQL', () => {
    const draft = { ...metricDraft(null, DATASET), tab: 'SQL' as const, sqlExpression: ' SUM(revenue) / 2 ' };
    expect(buildMetric(draft, DATASET)).toMatchObject({
      expressionType: 'SQL',
      sqlExpression: 'SUM(revenue) / 2',
      label: 'SUM(revenue) / 2',
      hasCustomLabel: false,
    });
  });

  it('gives a saved metric as its name', () => {
    const draft = { ...metricDraft(null, DATASET), tab: 'SAVED' as const, savedMetric: 'count' };
    expect(buildMetric(draft, DATASET)).toBe('count');
  });

  it('is incomplete without a column, an aggregate or SQL', () => {
    const blank = metricDraft(null, DATASET);
    expect(buildMetric({ ...blank, tab: 'SIMPLE', column: 'revenue' }, DATASET)).toBeNull();
    expect(buildMetric({ ...blank, tab: 'SIMPLE', aggregate: 'SUM' }, DATASET)).toBeNull();
    expect(buildMetric({ ...blank, tab: 'SQL', sqlExpression: '   ' }, DATASET)).toBeNull();
    expect(buildMetric({ ...blank, tab: 'SAVED' }, DATASET)).toBeNull();
  });

  it('shortens long default labels as Superset does', () => {
    const sql = "SUM(CASE WHEN country = 'FR' THEN revenue ELSE 0 END)";
    expect(defaultMetricLabel({ tab: 'SQL', column: null, aggregate: null, sqlExpression: sql })).toBe(
      `${sql.slice(0, 40)}...`,
    );
  });

  it('opens a dropped column on Simple with an aggregate that suits it', () => {
    expect(metricDraft(null, DATASET, 'revenue')).toMatchObject({
      tab: 'SIMPLE',
      column: 'revenue',
      aggregate: 'SUM',
    });
    expect(metricDraft(null, DATASET, 'country')).toMatchObject({
      column: 'country',
      aggregate: 'COUNT_DISTINCT',
    });
  });

  it('reopens an adhoc metric as it was saved', () => {
    const metric = {
      expressionType: 'SIMPLE' as const,
      column: { column_name: 'revenue', type: 'DOUBLE' },
      aggregate: 'MAX' as const,
      label: 'Top',
      hasCustomLabel: true,
      optionName: 'metric_a_b',
    };
    const draft = metricDraft(metric, DATASET);
    expect(draft).toMatchObject({ tab: 'SIMPLE', column: 'revenue', aggregate: 'MAX', customLabel: 'Top' });
    expect(buildMetric(draft, DATASET)).toEqual(metric);
  });

  it('names chips by verbose name or label', () => {
    expect(metricChipLabel('count', DATASET, 'en')).toBe('COUNT(*)');
    expect(metricChipLabel('unknown', DATASET, 'en')).toBe('unknown');
    expect(
      metricChipLabel({ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'rows' }, DATASET, 'en'),
    ).toBe('rows');
  });
});

describe('switching metric tabs', () => {
  const sqlDraft = (sqlExpression: string) => ({
    ...metricDraft(null, DATASET),
    tab: 'SQL' as const,
    sqlExpression,
  });

  it('reads an expression of the metric pattern back into aggregate and column', () => {
    expect(switchMetricTab(sqlDraft('DOUBLESUM("revenue")'), 'SIMPLE', DATASET)).toMatchObject({
      tab: 'SIMPLE',
      aggregate: 'SUM',
      column: 'revenue',
    });
  });

  it('leaves Simple empty for other SQL or an unknown column', () => {
    expect(switchMetricTab(sqlDraft('SUM(revenue) / 2'), 'SIMPLE', DATASET)).toMatchObject({ column: null });
    expect(switchMetricTab(sqlDraft('SUM(nowhere)'), 'SIMPLE', DATASET)).toMatchObject({ column: null });
  });

  it('writes AGG(column) into an empty SQL editor', () => {
    const simple = {
      ...metricDraft(null, DATASET),
      tab: 'SIMPLE' as const,
      column: 'revenue',
      aggregate: 'MAX' as const,
    };
    expect(switchMetricTab(simple, 'SQL', DATASET).sqlExpression).toBe('MAX(revenue)');
    expect(switchMetricTab({ ...simple, sqlExpression: 'x' }, 'SQL', DATASET).sqlExpression).toBe('x');
  });
});
