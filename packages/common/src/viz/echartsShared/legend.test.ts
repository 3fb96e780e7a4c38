import { describe, expect, it } from 'vitest';
import { legendOption, legendOrientationOf, legendPadding } from './legend.ts';

describe('legend placement', () => {
  it('places the legend on its side and keeps room for it', () => {
    const settings = { show: true, orientation: 'left' as const, type: 'plain' as const };
    expect(legendOption(settings, ['a'])).toEqual({
      show: true,
      type: 'plain',
      orient: 'vertical',
      left: 0,
      top: 'middle',
      data: ['a'],
    });
    expect(legendPadding(settings)).toEqual({ top: 10, right: 10, bottom: 10, left: 160 });
    expect(legendPadding({ ...settings, margin: 80 }).left).toBe(80);
    expect(legendPadding({ ...settings, show: false }).left).toBe(10);
    expect(legendOrientationOf('sideways')).toBe('top');
  });
});
