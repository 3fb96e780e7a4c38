import { describe, expect, it } from 'vitest';
import { visibleCount } from './overflow.ts';

describe('horizontal bar overflow', () => {
  it('keeps what fits in the row and moves the rest out', () => {
    expect(visibleCount(5, 1000, 400, 200)).toBe(3);
    expect(visibleCount(2, 1000, 400, 200)).toBe(2);
    expect(visibleCount(5, 300, 400, 200)).toBe(0);
  });

  it('shows everything before the row is measured', () => {
    expect(visibleCount(4, 0, 400, 200)).toBe(4);
  });
});
