import { describe, expect, it } from 'vitest';
import { categoricalScheme } from './colors.ts';
import { createLabelColorMap, labelColorsChanged, mergedLabelColors } from './labelColorMap.ts';

const scheme = categoricalScheme('d3Category10');
const [blue, orange, green, red] = scheme.colors;

describe('createLabelColorMap', () => {
  it('gives a label the same colour in every chart, whatever order the charts meet it in', () => {
    const map = createLabelColorMap({ color_scheme: scheme.id });
    expect(map.colorOf('ORD', 1)).toBe(blue);
    expect(map.colorOf('DFW', 1)).toBe(orange);
    expect(map.colorOf('DFW', 2)).toBe(orange);
    expect(map.colorOf('ORD', 2)).toBe(blue);
  });

  it('keeps the saved colours, however the charts are filtered or ordered this time', () => {
    const saved = {
      color_scheme: scheme.id,
      map_label_colors: { ORD: blue as string, DFW: orange as string },
    };
    // A filtered result meets other labels first: they must not take the saved labels' colours.
    const filtered = createLabelColorMap(saved);
    expect(filtered.colorOf('PIT', 1)).toBe(green);
    expect(filtered.colorOf('MCO', 1)).toBe(red);
    expect(filtered.colorOf('ORD', 1)).toBe(blue);
    expect(filtered.colorOf('DFW', 1)).toBe(orange);
  });

  it('puts the colours the author chose first, and drops saved colours of another scheme', () => {
    const map = createLabelColorMap({
      color_scheme: scheme.id,
      label_colors: { ORD: '#123456' },
      map_label_colors: { ORD: blue as string, ATL: '#1FA8C9' },
    });
    expect(map.colorOf('ORD')).toBe('#123456');
    // #1FA8C9 belongs to supersetColors: ATL is coloured afresh from this scheme.
    expect(map.colorOf('ATL')).toBe(orange);
  });

  it('cycles the scheme once every colour is taken', () => {
    const map = createLabelColorMap({ color_scheme: scheme.id });
    const labels = Array.from({ length: scheme.colors.length + 1 }, (_, index) => `label ${index}`);
    const colors = labels.map((label) => map.colorOf(label));
    expect(new Set(colors.slice(0, -1)).size).toBe(scheme.colors.length);
    expect(colors.at(-1)).toBe(scheme.colors[0]);
  });

  it('tells its listeners about new labels only, and saves the labels of more than one chart as shared', () => {
    const map = createLabelColorMap({ color_scheme: scheme.id, map_label_colors: { ORD: blue as string } });
    let calls = 0;
    const stop = map.onNewLabel(() => calls++);
    map.colorOf('ORD', 1);
    map.colorOf('ORD', 2);
    map.colorOf('DFW', 1);
    expect(calls).toBe(1);
    stop();
    map.colorOf('ATL', 2);
    expect(calls).toBe(1);
    expect(map.colorsOf(2)).toEqual({ ORD: blue, ATL: green });
    expect(map.saved()).toEqual({
      map_label_colors: { ORD: blue, DFW: orange, ATL: green },
      shared_label_colors: ['ORD'],
    });
  });
});

describe('labelColorsChanged and mergedLabelColors', () => {
  const current = { map_label_colors: { ORD: blue as string }, shared_label_colors: ['ORD'] };

  it('sees a change only when the map holds what the metadata lacks', () => {
    expect(labelColorsChanged({}, current)).toBe(true);
    expect(labelColorsChanged({ map_label_colors: { ORD: blue as string } }, current)).toBe(true);
    expect(
      labelColorsChanged(
        { map_label_colors: { ORD: blue as string, DFW: orange as string }, shared_label_colors: ['ORD'] },
        current,
      ),
    ).toBe(false);
    expect(
      labelColorsChanged(
        { map_label_colors: { ORD: green as string }, shared_label_colors: ['ORD'] },
        current,
      ),
    ).toBe(true);
  });

  it('keeps the saved labels this visit did not meet', () => {
    expect(
      mergedLabelColors(
        { map_label_colors: { DFW: orange as string }, shared_label_colors: { DFW: orange } },
        current,
      ),
    ).toEqual({ map_label_colors: { DFW: orange, ORD: blue }, shared_label_colors: ['ORD'] });
  });
});
