/**
 * A deterministic word-cloud layout (echarts-wordcloud only supports ECharts 5): words are placed
 * biggest first along an Archimedean spiral from the centre (d3-cloud's), each at the first point where
 * its box stays inside the area and overlaps no placed word. Word boxes are estimated from the font size
 * and the characters (no DOM to measure with); rotated boxes are tested exactly as oriented rectangles.
 * When one of the biggest words or more than a tenth of all words find no place, all sizes shrink and
 * the layout runs again.
 */

export type Rotation = 'square' | 'flat' | 'random';

export interface CloudWord {
  text: string;
  /** Font size in pixels. */
  size: number;
}

export interface PlacedWord extends CloudWord {
  /** Position of the word in the list given to the layout. */
  index: number;
  /** Centre of the word, in pixels from the top-left corner. */
  x: number;
  y: number;
  /** Degrees, counter-clockwise on screen (ECharts' rotation direction). */
  rotate: number;
  /** The estimated text box before rotation. */
  width: number;
  height: number;
}

export interface LayoutOptions {
  width: number;
  height: number;
  rotation: Rotation;
  /** Space kept around each word, in pixels. */
  padding?: number;
}

/** Line height of the estimated text box, in font sizes. */
const LINE_HEIGHT = 1.15;
/** Share of the biggest words that must all fit (Superset's), and of all words that should. */
const TOP_WORDS_SHARE = 0.1;
const ALL_WORDS_SHARE = 0.9;
/** Share of the area word boxes can fill along a spiral, for the first guess of the scale. */
const PACKING = 0.6;
const SHRINK_STEP = 0.85;
const MAX_ATTEMPTS = 8;
const SPIRAL_STEP = 0.1;
const GRID_CELL = 32;

const NARROW = new Set([..."il!|.,:;'`ı"]);
const SEMI_NARROW = new Set([...'ftrjI()[]{}-/\\ "']);
const WIDE = new Set([...'mwMW@%шщжюмыШЩЖЮМЫФф']);

/** Width of a character in font sizes: a generous estimate for common sans-serif fonts. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  if (code >= 0x2e80) return 1.05; // CJK, emoji and other full-width glyphs
  if (NARROW.has(char)) return 0.3;
  if (SEMI_NARROW.has(char)) return 0.4;
  if (WIDE.has(char)) return 0.95;
  if (/[0-9]/.test(char)) return 0.6;
  if (/[A-ZА-ЯЁ]/.test(char)) return 0.75;
  if (/[а-яё]/.test(char)) return 0.62;
  return 0.6;
}

export function estimateTextWidth(text: string, fontSize: number): number {
  let em = 0;
  for (const char of text) em += charWidth(char);
  return Math.max(em, 0.5) * fontSize;
}

/** FNV-1a: a stable hash, so a word keeps its rotation from one render to the next. */
function hash(text: string): number {
  let value = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193) >>> 0;
  }
  return value;
}

/** A word's angle: none (flat), 0 or 90 (square), or a multiple of 30 from -90 to 60 (random), as Superset. */
export function rotationOf(text: string, rotation: Rotation): number {
  if (rotation === 'square') return (hash(text) % 2) * 90;
  if (rotation === 'random') return ((hash(text) % 6) - 3) * 30;
  return 0;
}

interface Box {
  cx: number;
  cy: number;
  /** Unit vector along the text, and across it. */
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  /** Half width and half height, padding included. */
  hw: number;
  hh: number;
  /** Half extents of the axis-aligned box around the rotated one. */
  ex: number;
  ey: number;
}

function box(cx: number, cy: number, width: number, height: number, degrees: number, padding: number): Box {
  const radians = (degrees * Math.PI) / 180;
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const hw = width / 2 + padding;
  const hh = height / 2 + padding;
  return {
    cx,
    cy,
    ux: cos,
    uy: -sin,
    vx: sin,
    vy: cos,
    hw,
    hh,
    ex: hw * Math.abs(cos) + hh * Math.abs(sin),
    ey: hw * Math.abs(sin) + hh * Math.abs(cos),
  };
}

/** Whether the projections of two boxes on an axis are apart (touching counts as apart). */
function apartOn(ax: number, ay: number, dx: number, dy: number, a: Box, b: Box): boolean {
  const distance = Math.abs(dx * ax + dy * ay);
  const reachA = a.hw * Math.abs(a.ux * ax + a.uy * ay) + a.hh * Math.abs(a.vx * ax + a.vy * ay);
  const reachB = b.hw * Math.abs(b.ux * ax + b.uy * ay) + b.hh * Math.abs(b.vx * ax + b.vy * ay);
  return distance >= reachA + reachB - 1e-9;
}

/** Separating-axis test of two oriented rectangles; touching edges do not overlap. */
export function boxesOverlap(a: Box, b: Box): boolean {
  const dx = b.cx - a.cx;
  const dy = b.cy - a.cy;
  if (Math.abs(dx) >= a.ex + b.ex || Math.abs(dy) >= a.ey + b.ey) return false;
  return !(
    apartOn(a.ux, a.uy, dx, dy, a, b) ||
    apartOn(a.vx, a.vy, dx, dy, a, b) ||
    apartOn(b.ux, b.uy, dx, dy, a, b) ||
    apartOn(b.vx, b.vy, dx, dy, a, b)
  );
}

/** Placed boxes bucketed by grid cell, so a candidate is tested against its neighbours only. */
class BoxGrid {
  private readonly cells: Array<number[] | undefined>;
  private readonly boxes: Box[] = [];
  private readonly columns: number;
  private readonly rows: number;
  /** The last test that looked at each box: a box spanning several cells is tested once per candidate. */
  private seen = new Int32Array(64);
  private test = 0;

  constructor(width: number, height: number) {
    this.columns = Math.ceil(width / GRID_CELL) + 1;
    this.rows = Math.ceil(height / GRID_CELL) + 1;
    this.cells = new Array(this.columns * this.rows);
  }

  private visit(area: Box, each: (cell: number) => boolean): boolean {
    const x0 = Math.max(0, Math.floor((area.cx - area.ex) / GRID_CELL));
    const x1 = Math.min(this.columns - 1, Math.floor((area.cx + area.ex) / GRID_CELL));
    const y0 = Math.max(0, Math.floor((area.cy - area.ey) / GRID_CELL));
    const y1 = Math.min(this.rows - 1, Math.floor((area.cy + area.ey) / GRID_CELL));
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (each(y * this.columns + x)) return true;
    return false;
  }

  /**
   * The index of a placed box the candidate overlaps, or -1. `hint` (the box that blocked the previous
   * spiral point) is tested first: neighbouring points are mostly blocked by the same word.
   */
  blocker(candidate: Box, hint: number): number {
    const hinted = this.boxes[hint];
    if (hinted && boxesOverlap(candidate, hinted)) return hint;
    const test = ++this.test;
    const x0 = Math.max(0, Math.floor((candidate.cx - candidate.ex) / GRID_CELL));
    const x1 = Math.min(this.columns - 1, Math.floor((candidate.cx + candidate.ex) / GRID_CELL));
    const y0 = Math.max(0, Math.floor((candidate.cy - candidate.ey) / GRID_CELL));
    const y1 = Math.min(this.rows - 1, Math.floor((candidate.cy + candidate.ey) / GRID_CELL));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const cell = this.cells[y * this.columns + x];
        if (!cell) continue;
        for (const index of cell) {
          if (this.seen[index] === test) continue;
          this.seen[index] = test;
          if (boxesOverlap(candidate, this.boxes[index] as Box)) return index;
        }
      }
    }
    return -1;
  }

  add(placed: Box): void {
    const index = this.boxes.push(placed) - 1;
    if (index >= this.seen.length) {
      const grown = new Int32Array(this.seen.length * 2);
      grown.set(this.seen);
      this.seen = grown;
    }
    this.visit(placed, (key) => {
      const cell = this.cells[key];
      if (cell) cell.push(index);
      else this.cells[key] = [index];
      return false;
    });
  }
}

interface Sized {
  word: CloudWord;
  index: number;
  rotate: number;
}

function attempt(words: readonly Sized[], options: LayoutOptions, scale: number): Map<CloudWord, PlacedWord> {
  const { width, height } = options;
  const padding = options.padding ?? 1;
  const aspect = width / height;
  // The spiral has covered the whole area once its vertical radius passes the half diagonal.
  const maxT = (height / 2) * Math.SQRT2 + 1;
  const grid = new BoxGrid(width, height);
  const placed = new Map<CloudWord, PlacedWord>();
  // A box at least as wide and as tall as one that found no place, turned the same way, finds none either.
  const failed: Array<{ rotate: number; width: number; height: number }> = [];
  for (const { word, index, rotate } of words) {
    const size = word.size * scale;
    const textWidth = estimateTextWidth(word.text, size);
    const textHeight = size * LINE_HEIGHT;
    const candidate = box(0, 0, textWidth, textHeight, rotate, padding);
    if (2 * candidate.ex > width || 2 * candidate.ey > height) continue;
    if (
      failed.some(
        (other) => other.rotate === rotate && other.width <= textWidth && other.height <= textHeight,
      )
    )
      continue;
    let found = false;
    let hint = -1;
    for (let t = 0; t <= maxT; t += SPIRAL_STEP) {
      candidate.cx = width / 2 + aspect * t * Math.cos(t);
      candidate.cy = height / 2 + t * Math.sin(t);
      const inside =
        candidate.cx - candidate.ex >= 0 &&
        candidate.cx + candidate.ex <= width &&
        candidate.cy - candidate.ey >= 0 &&
        candidate.cy + candidate.ey <= height;
      if (!inside) continue;
      const blocker = grid.blocker(candidate, hint);
      if (blocker >= 0) {
        hint = blocker;
        continue;
      }
      grid.add({ ...candidate });
      found = true;
      placed.set(word, {
        index,
        text: word.text,
        size,
        x: candidate.cx,
        y: candidate.cy,
        rotate,
        width: textWidth,
        height: textHeight,
      });
      break;
    }
    if (!found) failed.push({ rotate, width: textWidth, height: textHeight });
  }
  return placed;
}

/**
 * The first scale to try: at most 1, small enough for each of the biggest words to fit on its own, and
 * for all word boxes together to fill no more than PACKING of the area.
 */
function firstScale(words: readonly Sized[], mustFit: readonly Sized[], options: LayoutOptions): number {
  const padding = options.padding ?? 1;
  let area = 0;
  for (const { word } of words) area += estimateTextWidth(word.text, word.size) * word.size * LINE_HEIGHT;
  let scale = Math.min(1, Math.sqrt((PACKING * options.width * options.height) / (area || 1)));
  for (const { word, rotate } of mustFit) {
    const whole = box(0, 0, estimateTextWidth(word.text, word.size), word.size * LINE_HEIGHT, rotate, 0);
    // Padding widens a turned box by up to √2 of it on each side; 3 × padding covers both sides.
    const fit = Math.min(
      (options.width - 3 * padding) / (2 * whole.ex),
      (options.height - 3 * padding) / (2 * whole.ey),
    );
    // A little under the exact fit, so that rounding does not push the word out of the area.
    if (fit < scale) scale = fit * 0.99;
  }
  return Math.max(0, scale);
}

/**
 * Places the words (biggest first) inside a width × height area with no two word boxes overlapping.
 * Words that cannot fit are left out; when any of the biggest tenth or more than a tenth of all words is
 * left out, every size shrinks (so sizes are relative: the biggest word is size_to only when all fit).
 */
export function layoutWordCloud(words: readonly CloudWord[], options: LayoutOptions): PlacedWord[] {
  if (options.width <= 0 || options.height <= 0 || words.length === 0) return [];
  const ordered: Sized[] = words
    .map((word, index) => ({ word, index, rotate: rotationOf(word.text, options.rotation) }))
    .sort((a, b) => b.word.size - a.word.size);
  const mustFit = ordered.slice(0, Math.max(1, Math.ceil(ordered.length * TOP_WORDS_SHARE)));
  let scale = firstScale(ordered, mustFit, options);
  let placed = new Map<CloudWord, PlacedWord>();
  for (let tries = 0; tries < MAX_ATTEMPTS; tries++, scale *= SHRINK_STEP) {
    placed = attempt(ordered, options, scale);
    if (mustFit.every(({ word }) => placed.has(word)) && placed.size >= ALL_WORDS_SHARE * ordered.length)
      break;
  }
  return [...placed.values()];
}
