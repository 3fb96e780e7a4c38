import { describe, expect, it } from 'vitest';
import { type TooltipOptions, type TooltipParam, tooltipHtml } from './tooltip.ts';

const options = (extra: Partial<TooltipOptions> = {}): TooltipOptions => ({
  rich: true,
  horizontal: false,
  xAxisKind: 'category',
  timeFormatter: (value) => String(value),
  formatters: new Map(),
  defaultFormatter: (value) => String(value),
  hiddenIds: new Set(),
  totalIds: null,
  totalLabel: 'Total',
  moreLabel: '…and {{count}} more',
  sortByMetric: false,
  ...extra,
});

const series = (count: number): TooltipParam[] =>
  Array.from({ length: count }, (_, i) => ({
    seriesId: `s${i}`,
    seriesName: `City ${i}`,
    value: ['Jan', i + 1],
  }));

describe('timeseries tooltip', () => {
  it('lists at most 20 series and counts the others; the total still adds up every series', () => {
    const ids = new Set(series(23).map((param) => String(param.seriesId)));
    const html = tooltipHtml(series(23), options({ totalIds: ids }));
    expect(html).toContain('City 19<');
    expect(html).not.toContain('City 20<');
    expect(html).toContain('…and 3 more');
    // 1 + 2 + … + 23
    expect(html).toContain('>276<');
  });

  it('lists 20 series without a count line', () => {
    const html = tooltipHtml(series(20), options());
    expect(html).toContain('City 19<');
    expect(html).not.toContain('more');
  });

  it('clamps a long series name to 40 characters', () => {
    const name = `SUM(revenue), ${'Saint Petersburg '.repeat(3)}`;
    const html = tooltipHtml([{ seriesId: 'a', seriesName: name, value: ['Jan', 5] }], options());
    expect(html).toContain(`${name.slice(0, 39)}…`);
  });
});
