import { describe, expect, it } from 'vitest';
import { type CloudWord, estimateTextWidth, layoutWordCloud, type PlacedWord, rotationOf } from './layout.ts';

type Point = [number, number];

/** Corners of a placed word's box as drawn: rotated counter-clockwise on screen (y grows downwards). */
function corners(word: PlacedWord): Point[] {
  const radians = (word.rotate * Math.PI) / 180;
  const u: Point = [Math.cos(radians), -Math.sin(radians)];
  const v: Point = [Math.sin(radians), Math.cos(radians)];
  const w = word.width / 2;
  const h = word.height / 2;
  return [
    [-w, -h],
    [w, -h],
    [w, h],
    [-w, h],
  ].map(([a, b]) => [
    word.x + (a as number) * u[0] + (b as number) * v[0],
    word.y + (a as number) * u[1] + (b as number) * v[1],
  ]);
}

/** Strictly inside a convex polygon given clockwise or counter-clockwise. */
function inside([x, y]: Point, polygon: Point[]): boolean {
  let sign = 0;
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i] as Point;
    const [x2, y2] = polygon[(i + 1) % polygon.length] as Point;
    const cross = (x2 - x1) * (y - y1) - (y2 - y1) * (x - x1);
    if (Math.abs(cross) < 1e-6) return false;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** Points every half pixel along a polygon's edges. */
function perimeter(polygon: Point[]): Point[] {
  const points: Point[] = [];
  for (let i = 0; i < polygon.length; i++) {
    const [x1, y1] = polygon[i] as Point;
    const [x2, y2] = polygon[(i + 1) % polygon.length] as Point;
    const steps = Math.max(1, Math.ceil(Math.hypot(x2 - x1, y2 - y1) * 2));
    for (let s = 0; s < steps; s++) points.push([x1 + ((x2 - x1) * s) / steps, y1 + ((y2 - y1) * s) / steps]);
  }
  return points;
}

/** Two convex boxes overlap when an edge point of one lies strictly inside the other. */
function overlap(a: PlacedWord, b: PlacedWord): boolean {
  const pa = corners(a);
  const pb = corners(b);
  const [ax, ay, bx, by] = [
    pa.map((p) => p[0]),
    pa.map((p) => p[1]),
    pb.map((p) => p[0]),
    pb.map((p) => p[1]),
  ];
  const apart =
    Math.max(...ax) <= Math.min(...bx) ||
    Math.max(...bx) <= Math.min(...ax) ||
    Math.max(...ay) <= Math.min(...by) ||
    Math.max(...by) <= Math.min(...ay);
  if (apart) return false;
  return perimeter(pa).some((point) => inside(point, pb)) || perimeter(pb).some((point) => inside(point, pa));
}

function expectValidLayout(placed: PlacedWord[], width: number, height: number) {
  for (const word of placed)
    for (const [x, y] of corners(word)) {
      expect(x, word.text).toBeGreaterThanOrEqual(-1e-6);
      expect(x, word.text).toBeLessThanOrEqual(width + 1e-6);
      expect(y, word.text).toBeGreaterThanOrEqual(-1e-6);
      expect(y, word.text).toBeLessThanOrEqual(height + 1e-6);
    }
  for (let i = 0; i < placed.length; i++)
    for (let j = i + 1; j < placed.length; j++)
      expect(
        overlap(placed[i] as PlacedWord, placed[j] as PlacedWord),
        `${placed[i]?.text} / ${placed[j]?.text}`,
      ).toBe(false);
}

const WORDS = [
  'analytics',
  'dashboard',
  'Витрина',
  'query',
  'metric',
  'chart',
  'dataset',
  'filter',
  'SQL',
  'report',
  'ClickHouse',
  'PostgreSQL',
  'DuckDB',
  'Trino',
  'MySQL',
  'экспорт',
  'данные',
  'отчёт',
  'heatmap',
  'sunburst',
  'treemap',
  'sankey',
  'funnel',
  'gauge',
  'histogram',
  'pie',
  'box plot',
  'word cloud',
  'legend',
  'tooltip',
  'WWWWMMMM',
  'iiiilll',
  '数据',
  '可视化',
  'Ёлка',
  'x',
  'y',
  'z',
  'alpha',
  'beta',
];
const cloud = (count: number): CloudWord[] =>
  Array.from({ length: count }, (_, index) => ({
    text: `${WORDS[index % WORDS.length]}${index >= WORDS.length ? ` ${index}` : ''}`,
    size: 70 - (60 * index) / Math.max(1, count - 1),
  }));

describe('word cloud layout', () => {
  it('is checked by an overlap test that sees crossing and nested boxes', () => {
    const word = (x: number, y: number, rotate: number, width = 100, height = 10): PlacedWord => ({
      index: 0,
      text: 'w',
      size: 10,
      x,
      y,
      rotate,
      width,
      height,
    });
    expect(overlap(word(50, 50, 0), word(50, 50, 90))).toBe(true);
    expect(overlap(word(50, 50, 30), word(50, 50, -60, 10, 4))).toBe(true);
    expect(overlap(word(50, 50, 0), word(50, 61, 0))).toBe(false);
    expect(overlap(word(0, 0, 45), word(60, 60, 45))).toBe(false);
  });

  for (const rotation of ['flat', 'square', 'random'] as const) {
    it(`places ${rotation} words inside the box without overlaps`, () => {
      const placed = layoutWordCloud(cloud(60), { width: 800, height: 500, rotation });
      // All of the biggest tenth and nine words in ten at least find a place.
      expect(placed.length).toBeGreaterThanOrEqual(54);
      for (let index = 0; index < 6; index++) expect(placed.some((word) => word.index === index)).toBe(true);
      expectValidLayout(placed, 800, 500);
    });
  }

  it('keeps a small, wide and a tall box valid too', () => {
    for (const [width, height] of [
      [200, 120],
      [1200, 150],
      [150, 700],
    ] as const) {
      const placed = layoutWordCloud(cloud(40), { width, height, rotation: 'random' });
      expect(placed.length).toBeGreaterThan(0);
      expectValidLayout(placed, width, height);
    }
  });

  it('puts the biggest word in the middle and is deterministic', () => {
    const words = cloud(30);
    const first = layoutWordCloud(words, { width: 600, height: 400, rotation: 'square' });
    const second = layoutWordCloud(words, { width: 600, height: 400, rotation: 'square' });
    expect(second).toEqual(first);
    const biggest = first.find((word) => word.index === 0) as PlacedWord;
    expect(biggest.x).toBeCloseTo(300, 0);
    expect(biggest.y).toBeCloseTo(200, 0);
  });

  it('shrinks every word when the biggest would not fit', () => {
    const placed = layoutWordCloud(
      [
        { text: 'extraordinarily', size: 200 },
        { text: 'tiny', size: 10 },
      ],
      {
        width: 300,
        height: 200,
        rotation: 'flat',
      },
    );
    expect(placed.map((word) => word.text)).toContain('extraordinarily');
    const big = placed.find((word) => word.index === 0) as PlacedWord;
    expect(big.size).toBeLessThan(200);
    expect(big.width).toBeLessThanOrEqual(300);
    expectValidLayout(placed, 300, 200);
  });

  it('picks rotations as Superset does, from the word itself', () => {
    for (const text of WORDS) {
      expect(rotationOf(text, 'flat')).toBe(0);
      expect([0, 90]).toContain(rotationOf(text, 'square'));
      expect([-90, -60, -30, 0, 30, 60]).toContain(rotationOf(text, 'random'));
      expect(rotationOf(text, 'random')).toBe(rotationOf(text, 'random'));
    }
    expect(new Set(WORDS.map((text) => rotationOf(text, 'square')))).toEqual(new Set([0, 90]));
  });

  it('estimates wider boxes for wide letters, capitals and CJK', () => {
    expect(estimateTextWidth('WWW', 10)).toBeGreaterThan(estimateTextWidth('iii', 10) * 2);
    expect(estimateTextWidth('ABC', 10)).toBeGreaterThan(estimateTextWidth('abc', 10));
    expect(estimateTextWidth('数据', 20)).toBeGreaterThanOrEqual(40);
    expect(estimateTextWidth('word', 20)).toBe(2 * estimateTextWidth('word', 10));
  });

  it('places nothing in an empty area', () => {
    expect(layoutWordCloud(cloud(3), { width: 0, height: 100, rotation: 'flat' })).toEqual([]);
    expect(layoutWordCloud([], { width: 100, height: 100, rotation: 'flat' })).toEqual([]);
  });
});
