import { CATEGORICAL_SCHEMES, colorScale } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { forcedLabelColors, sharedLabelColors } from './sharedLabelColors.ts';

const scheme = CATEGORICAL_SCHEMES[1];

describe('sharedLabelColors', () => {
  it('gives a label the same colour in every chart, whatever order the charts meet it in', () => {
    const shared = sharedLabelColors({ color_scheme: scheme?.id ?? null });
    const first = colorScale('anything', shared);
    const second = colorScale('anything', shared);
    const a = first('boys');
    const b = first('girls');
    expect(second('girls')).toBe(b);
    expect(second('boys')).toBe(a);
    expect(a).toBe(scheme?.colors[0]);
    expect(b).toBe(scheme?.colors[1]);
  });

  it('keeps the colours the dashboard forces, label_colors over shared ones', () => {
    const shared = sharedLabelColors({
      label_colors: { boys: '#111111' },
      shared_label_colors: { boys: '#222222', girls: '#333333' },
    });
    const scale = colorScale(null, shared);
    expect(scale('boys')).toBe('#111111');
    expect(scale('girls')).toBe('#333333');
  });

  it('ignores the list form of shared_label_colors', () => {
    expect(forcedLabelColors({ shared_label_colors: ['boys'] })).toEqual({});
  });
});
