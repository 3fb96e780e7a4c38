import { describe, expect, it } from 'vitest';
import { colorFormatters, colorOf, comparatorOf, opacityOf, rgbOf } from './conditionalFormatting.ts';

const data = [{ v: 0 }, { v: 50 }, { v: 100 }, { v: null }];

function colorWith(rule: Record<string, unknown>, value: unknown, gradient = true) {
  const formatters = colorFormatters([{ column: 'v', colorScheme: '#ff0000', ...rule }], data, { gradient });
  return colorOf(formatters, 'v', value);
}

describe('conditional formatting', () => {
  it('reads Superset and ASCII operator spellings', () => {
    expect(comparatorOf('≥')).toBe('≥');
    expect(comparatorOf('>=')).toBe('≥');
    expect(comparatorOf('<=')).toBe('≤');
    expect(comparatorOf('!=')).toBe('≠');
    expect(comparatorOf('between')).toBe('< x <');
    expect(comparatorOf('LIKE')).toBeNull();
  });

  it('reads hex, rgb, picker objects and theme colour names', () => {
    expect(rgbOf('#ACE1C4')).toEqual([172, 225, 196]);
    expect(rgbOf('#f00')).toEqual([255, 0, 0]);
    expect(rgbOf('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3]);
    expect(rgbOf({ r: 4, g: 5, b: 6, a: 1 })).toEqual([4, 5, 6]);
    expect(rgbOf('colorError')).toEqual([224, 67, 85]);
    expect(rgbOf('nonsense')).toBeNull();
  });

  it('grades opacity from the cut point to the extreme value', () => {
    expect(opacityOf(100, 50, 100)).toBe(1);
    expect(opacityOf(75, 50, 100)).toBe(0.53);
    expect(opacityOf(60, 60, 60)).toBe(1);
  });

  it('colours values above a threshold, stronger towards the maximum', () => {
    expect(colorWith({ operator: '>', targetValue: 50 }, 50)).toBeUndefined();
    expect(colorWith({ operator: '>', targetValue: 50 }, 100)).toBe('rgba(255,0,0,1)');
    expect(colorWith({ operator: '>', targetValue: 50 }, 75)).toBe('rgba(255,0,0,0.53)');
  });

  it('applies each comparison operator', () => {
    expect(colorWith({ operator: '<', targetValue: 50 }, 0)).toBe('rgba(255,0,0,1)');
    expect(colorWith({ operator: '<', targetValue: 50 }, 50)).toBeUndefined();
    expect(colorWith({ operator: '≤', targetValue: 50 }, 50)).toBe('rgba(255,0,0,0.05)');
    expect(colorWith({ operator: '≥', targetValue: 50 }, 50)).toBe('rgba(255,0,0,0.05)');
    expect(colorWith({ operator: '=', targetValue: 50 }, 50)).toBe('rgba(255,0,0,1)');
    expect(colorWith({ operator: '=', targetValue: 50 }, 51)).toBeUndefined();
    expect(colorWith({ operator: '≠', targetValue: 50 }, 50)).toBeUndefined();
    expect(colorWith({ operator: '≠', targetValue: 50 }, 100)).toBe('rgba(255,0,0,1)');
  });

  it('applies the between operators with their open and closed ends', () => {
    const between = { targetValueLeft: 0, targetValueRight: 100 };
    expect(colorWith({ operator: '< x <', ...between }, 0)).toBeUndefined();
    expect(colorWith({ operator: '< x <', ...between }, 50)).toBe('rgba(255,0,0,0.53)');
    expect(colorWith({ operator: '≤ x ≤', ...between }, 0)).toBe('rgba(255,0,0,0.05)');
    expect(colorWith({ operator: '≤ x ≤', ...between }, 100)).toBe('rgba(255,0,0,1)');
    expect(colorWith({ operator: '≤ x <', ...between }, 100)).toBeUndefined();
    expect(colorWith({ operator: '< x ≤', ...between }, 0)).toBeUndefined();
  });

  it("colours every value on a gradient with 'None'", () => {
    expect(colorWith({ operator: 'None' }, 0)).toBe('rgba(255,0,0,0)');
    expect(colorWith({ operator: 'None' }, 50)).toBe('rgba(255,0,0,0.5)');
  });

  it('ignores empty cells, incomplete rules and other columns', () => {
    expect(colorWith({ operator: '>', targetValue: 0 }, null)).toBeUndefined();
    expect(colorFormatters([{ column: 'v', operator: '>', colorScheme: '#f00' }], data)).toHaveLength(0);
    expect(
      colorFormatters([{ column: 'v', operator: '< x <', targetValueLeft: 1, colorScheme: '#f00' }], data),
    ).toHaveLength(0);
    const formatters = colorFormatters(
      [{ column: 'v', operator: '>', targetValue: 0, colorScheme: '#f00' }],
      data,
    );
    expect(colorOf(formatters, 'other', 100)).toBeUndefined();
  });

  it('lets the last matching rule win', () => {
    const formatters = colorFormatters(
      [
        { column: 'v', operator: '>', targetValue: 0, colorScheme: '#ff0000' },
        { column: 'v', operator: '>', targetValue: 90, colorScheme: '#00ff00' },
      ],
      data,
    );
    expect(colorOf(formatters, 'v', 100)).toBe('rgba(0,255,0,1)');
    expect(colorOf(formatters, 'v', 50)).toBe('rgba(255,0,0,0.53)');
  });

  it('uses the full colour without a gradient', () => {
    expect(colorWith({ operator: '>', targetValue: 50 }, 60, false)).toBe('rgba(255,0,0,1)');
  });
});
