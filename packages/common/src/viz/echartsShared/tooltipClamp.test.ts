import { describe, expect, it } from 'vitest';
import {
  clampTooltipLine,
  clampTooltipLines,
  TOOLTIP_MAX_LINE_LENGTH,
  TOOLTIP_MAX_LINES,
} from './tooltipClamp.ts';

describe('tooltip line clamps', () => {
  it('are 20 lines and 40 characters', () => {
    expect([TOOLTIP_MAX_LINES, TOOLTIP_MAX_LINE_LENGTH]).toEqual([20, 40]);
  });

  it('keeps a line of 40 characters and cuts a longer one to 40 with an ellipsis', () => {
    const forty = 'x'.repeat(40);
    expect(clampTooltipLine(forty)).toBe(forty);
    const cut = clampTooltipLine(`${forty}y`);
    expect(cut).toBe(`${'x'.repeat(39)}…`);
    expect([...cut]).toHaveLength(40);
  });

  it('counts characters, not UTF-16 units (Cyrillic and emoji stay whole)', () => {
    expect(clampTooltipLine('Санкт-Петербург', 6)).toBe('Санкт…');
    expect(clampTooltipLine('😀😀😀', 2)).toBe('😀…');
  });

  it('shows the first 20 lines and counts the rest', () => {
    const lines = Array.from({ length: 23 }, (_, i) => i);
    expect(clampTooltipLines(lines)).toEqual({ shown: lines.slice(0, 20), hidden: 3 });
    expect(clampTooltipLines(lines.slice(0, 20))).toEqual({ shown: lines.slice(0, 20), hidden: 0 });
  });
});
