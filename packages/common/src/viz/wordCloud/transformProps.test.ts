import { describe, expect, it } from 'vitest';
import { chartProps, optionOf } from '../echartsShared/testing.ts';
import { fontSizes, transformProps } from './transformProps.ts';

const rows = [
  { name: 'Anna', count: 100 },
  { name: 'Boris', count: 55 },
  { name: '<Zoë>', count: 10 },
];
const cloud = (extra: Record<string, unknown> = {}) =>
  optionOf(
    transformProps(
      chartProps(
        { viz_type: 'word_cloud', series: 'name', metric: 'count', rotation: 'flat', ...extra },
        rows,
      ),
    ),
  );

describe('word cloud transformProps', () => {
  it('draws each word as a graphic text element sized by the metric', () => {
    const elements = cloud().graphic.elements;
    expect(elements.map((element: { style: { text: string } }) => element.style.text)).toEqual([
      'Anna',
      'Boris',
      '<Zoë>',
    ]);
    expect(elements.map((element: { style: { fontSize: number } }) => element.style.fontSize)).toEqual([
      70, 40, 10,
    ]);
    expect(elements[0]).toMatchObject({
      type: 'text',
      x: 400,
      y: 300,
      rotation: 0,
      style: { fill: '#1FA8C9', align: 'center', verticalAlign: 'middle' },
    });
    expect(elements[1].style.fill).toBe('#454E7C');
    // Each word carries its row's index, which a cross-filter click reads.
    expect(elements.map((element: { info: { row: number } }) => element.info.row)).toEqual([0, 1, 2]);
  });

  it('gives each word a tooltip with its formatted value, escaped', () => {
    const elements = optionOf(
      transformProps(
        chartProps(
          { viz_type: 'word_cloud', series: 'name', metric: 'revenue', rotation: 'flat' },
          [{ name: '<Zoë>', revenue: 1234.5 }],
          { locale: 'ru' },
        ),
      ),
    ).graphic.elements;
    const html = elements[0].tooltip.formatter();
    expect(html).toContain('&lt;Zoë&gt;');
    expect(html).toContain('Revenue');
    expect(html).toContain('1\u00a0234,5\u00a0€');
  });

  it('turns square words by 0 or 90 degrees and honours the size range', () => {
    const elements = cloud({ rotation: 'square', size_from: 20, size_to: 40 }).graphic.elements;
    for (const element of elements) expect([0, Math.PI / 2]).toContain(element.rotation);
    expect(elements[0].style.fontSize).toBe(40);
    expect(fontSizes([5, 5], 10, 70)).toEqual([70, 70]);
    expect(fontSizes([0, 50, 100], 10, 30)).toEqual([10, 20, 30]);
  });

  it('draws nothing without rows', () => {
    expect(cloud().graphic.elements).toHaveLength(3);
    const empty = optionOf(
      transformProps(chartProps({ viz_type: 'word_cloud', series: 'name', metric: 'count' }, [])),
    );
    expect(empty.graphic.elements).toEqual([]);
  });
});
