import { CATEGORICAL_SCHEMES, colorScale, createLabelColorMap } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { chartLabelColors, labelColorSeed } from './sharedLabelColors.ts';

const scheme = CATEGORICAL_SCHEMES[1];

describe('chartLabelColors', () => {
  it('gives a label the same colour in every chart, whatever order the charts meet it in', () => {
    const map = createLabelColorMap(labelColorSeed({ color_scheme: scheme?.id ?? null }));
    const first = colorScale('anything', chartLabelColors(map, 1));
    const second = colorScale('anything', chartLabelColors(map, 2));
    const a = first('boys');
    const b = first('girls');
    expect(second('girls')).toBe(b);
    expect(second('boys')).toBe(a);
    expect(a).toBe(scheme?.colors[0]);
    expect(b).toBe(scheme?.colors[1]);
    expect(map.saved().shared_label_colors).toEqual(['boys', 'girls']);
  });

  it('keeps the colours the dashboard forces, label_colors over saved ones', () => {
    const map = createLabelColorMap(
      labelColorSeed({
        color_scheme: scheme?.id ?? null,
        label_colors: { boys: '#111111' },
        map_label_colors: { boys: scheme?.colors[2] as string, girls: scheme?.colors[3] as string },
      }),
    );
    const scale = colorScale(null, chartLabelColors(map, 1));
    expect(scale('boys')).toBe('#111111');
    expect(scale('girls')).toBe(scheme?.colors[3]);
  });

  it('reads the old label → colour form of shared_label_colors as saved colours, ignores the list form', () => {
    expect(labelColorSeed({ shared_label_colors: { boys: '#222222' } }).map_label_colors).toEqual({
      boys: '#222222',
    });
    expect(labelColorSeed({ shared_label_colors: ['boys'] }).map_label_colors).toEqual({});
  });
});
