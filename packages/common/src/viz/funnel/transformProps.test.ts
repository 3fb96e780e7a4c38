import { describe, expect, it } from 'vitest';
import { chartProps, optionOf } from '../echartsShared/testing.ts';
import { stepPercents, transformProps } from './transformProps.ts';

const rows = [
  { stage: 'Visit', count: 1000 },
  { stage: 'Cart', count: 400 },
  { stage: 'Order', count: 100 },
];
const funnel = (extra: Record<string, unknown> = {}) =>
  optionOf(
    transformProps(chartProps({ viz_type: 'funnel', groupby: ['stage'], metric: 'count', ...extra }, rows)),
  );

describe('funnel transformProps', () => {
  it('draws the steps in query order with scheme colours', () => {
    const series = funnel().series[0];
    expect(series.type).toBe('funnel');
    expect(series.sort).toBe('none');
    expect(series.data).toEqual([
      { name: 'Visit', value: 1000, itemStyle: { color: '#1FA8C9' } },
      { name: 'Cart', value: 400, itemStyle: { color: '#454E7C' } },
      { name: 'Order', value: 100, itemStyle: { color: '#5AC189' } },
    ]);
  });

  it('computes percentages from the first step, the previous step or the total', () => {
    expect(stepPercents([1000, 400, 100], 'first_step')).toEqual([1, 0.4, 0.1]);
    expect(stepPercents([1000, 400, 100], 'prev_step')).toEqual([1, 0.4, 0.25]);
    expect(stepPercents([1000, 400, 100], 'total')).toEqual([1000 / 1500, 400 / 1500, 100 / 1500]);
    expect(stepPercents([0, 5], 'first_step')).toEqual([0, 0]);
    const label = (percent_calculation_type: string) =>
      funnel({ percent_calculation_type, label_type: 'key_percent' }).series[0].label.formatter({
        dataIndex: 2,
      });
    expect(label('first_step')).toBe('Order: 10.00%');
    expect(label('prev_step')).toBe('Order: 25.00%');
    expect(label('total')).toBe('Order: 6.67%');
  });

  it('formats tooltips by the tooltip label type and can hide them', () => {
    expect(funnel({ number_format: ',d' }).tooltip.formatter({ dataIndex: 1 })).toBe('Cart: 400 (40.00%)');
    expect(funnel({ tooltip_label_type: 'value' }).tooltip.formatter({ dataIndex: 0 })).toBe('1k');
    expect(funnel({ show_tooltip_labels: false }).tooltip.show).toBe(false);
  });

  it('shows a legend of the steps at the chosen side', () => {
    const option = funnel({ legendOrientation: 'bottom' });
    expect(option.legend).toMatchObject({ show: true, bottom: 0, data: ['Visit', 'Cart', 'Order'] });
    expect(option.series[0].bottom).toBe(30);
    expect(funnel({ show_legend: false }).legend.show).toBe(false);
  });
});
