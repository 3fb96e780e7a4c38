import { describe, expect, it } from 'vitest';
import { cellBar, valueRange } from './cellBars.ts';

describe('cell bars', () => {
  it('measures against the extent, or the largest magnitude when aligned', () => {
    expect(valueRange([-50, 10, null, 100], false)).toEqual([-50, 100]);
    expect(valueRange([-150, 10, 100], true)).toEqual([0, 150]);
    expect(valueRange([null, 'x'], false)).toBeNull();
  });

  it('puts zero after the negative extent when not aligned', () => {
    const range: [number, number] = [-50, 150];
    expect(cellBar(150, range, false, false)).toEqual({ left: 25, width: 75, color: 'rgba(0,0,0,0.12)' });
    expect(cellBar(-50, range, false, false)).toEqual({ left: 0, width: 25, color: 'rgba(0,0,0,0.12)' });
    expect(cellBar(-20, range, false, false)?.left).toBe(15);
  });

  it('starts every bar at the left when aligned', () => {
    expect(cellBar(-75, [0, 150], true, false)).toMatchObject({ left: 0, width: 50 });
  });

  it('colours positive and negative values when asked', () => {
    expect(cellBar(-1, [-1, 1], false, true)?.color).toBe('rgba(224,67,85,0.3)');
    expect(cellBar(1, [-1, 1], false, true)?.color).toBe('rgba(90,193,137,0.3)');
  });

  it('draws nothing for empty cells or an all-zero column', () => {
    expect(cellBar(null, [0, 1], false, false)).toBeNull();
    expect(cellBar(0, [0, 0], false, false)).toBeNull();
    expect(cellBar(0, [0, 0], true, false)).toBeNull();
  });
});
