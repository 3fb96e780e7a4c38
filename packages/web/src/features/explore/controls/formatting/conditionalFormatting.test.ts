import { describe, expect, it } from 'vitest';
import { withColumnConfig } from '../columnConfig/columnConfig.ts';
import { resultColumns } from '../shared/resultColumns.ts';
import { DATASET } from '../testing.tsx';
import { buildRule, cssColor, ruleDraft, ruleLabel } from './conditionalFormatting.ts';

describe('conditional formatting rules', () => {
  it('builds single-value, between and None rules', () => {
    const draft = ruleDraft(null);
    expect(draft).toMatchObject({ operator: '>', colorScheme: 'colorSuccess' });
    expect(buildRule({ ...draft, column: 'revenue', targetValue: 10 })).toEqual({
      column: 'revenue',
      operator: '>',
      targetValue: 10,
      colorScheme: 'colorSuccess',
    });
    expect(buildRule({ ...draft, column: 'revenue' })).toBeNull();
    expect(
      buildRule({ ...draft, column: 'revenue', operator: '≤ x ≤', targetValueLeft: 1, targetValueRight: 5 }),
    ).toMatchObject({ targetValueLeft: 1, targetValueRight: 5 });
    expect(buildRule({ ...draft, column: 'revenue', operator: '< x <', targetValueLeft: 1 })).toBeNull();
    expect(buildRule({ ...draft, column: 'revenue', operator: 'None' })).toEqual({
      column: 'revenue',
      operator: 'None',
      colorScheme: 'colorSuccess',
    });
  });

  it('reads ASCII operators of older rules and labels rules', () => {
    expect(ruleDraft({ column: 'a', operator: '>=', targetValue: '3' })).toMatchObject({
      operator: '≥',
      targetValue: 3,
    });
    expect(ruleLabel({ column: 'revenue', operator: '≠', targetValue: 0 })).toBe('revenue ≠ 0');
    expect(ruleLabel({ column: 'revenue', operator: '< x ≤', targetValueLeft: 1, targetValueRight: 9 })).toBe(
      '1 < revenue ≤ 9',
    );
    expect(cssColor('colorError')).toBe('rgb(224,67,85)');
    expect(cssColor('#123456')).toBe('rgb(18,52,86)');
  });
});

describe('table result columns and column settings', () => {
  it('lists the columns of aggregate and raw tables with their kinds', () => {
    const aggregate = resultColumns(
      {
        datasource: '7__table',
        viz_type: 'table',
        query_mode: 'aggregate',
        groupby: ['country', 'order_ts'],
        metrics: ['count', { expressionType: 'SQL', sqlExpression: 'SUM(revenue)', label: 'Revenue' }],
        percent_metrics: ['count'],
        all_columns: ['is_paid'],
      },
      DATASET,
    );
    expect(aggregate).toEqual([
      { name: 'country', kind: 'string' },
      { name: 'order_ts', kind: 'temporal' },
      { name: 'count', kind: 'numeric' },
      { name: 'Revenue', kind: 'numeric' },
      { name: '%count', kind: 'numeric' },
    ]);
    const raw = resultColumns(
      {
        datasource: '7__table',
        viz_type: 'table',
        query_mode: 'raw',
        all_columns: ['revenue', 'is_paid'],
        metrics: ['count'],
      },
      DATASET,
    );
    expect(raw).toEqual([
      { name: 'revenue', kind: 'numeric' },
      { name: 'is_paid', kind: 'boolean' },
    ]);
  });

  it('keeps only the settings that are set', () => {
    const once = withColumnConfig({}, 'revenue', { d3NumberFormat: ',.2f', columnWidth: 120 });
    expect(once).toEqual({ revenue: { d3NumberFormat: ',.2f', columnWidth: 120 } });
    expect(withColumnConfig(once, 'revenue', { columnWidth: undefined })).toEqual({
      revenue: { d3NumberFormat: ',.2f' },
    });
    expect(
      withColumnConfig({ revenue: { d3NumberFormat: ',d' } }, 'revenue', { d3NumberFormat: undefined }),
    ).toEqual({});
  });
});
