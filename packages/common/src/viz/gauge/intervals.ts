/** The gauge's coloured intervals: "2,4,10" bounds and "1,3,2" 1-based indices into the colour scheme. */

/** Numbers of a comma-separated list; null when any entry is not a number. */
export function parseNumberList(text: unknown): number[] | null {
  if (typeof text === 'number') return Number.isFinite(text) ? [text] : null;
  if (typeof text !== 'string' || text.trim() === '') return [];
  const numbers = text.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part.trim())));
  return numbers.every(Number.isFinite) ? numbers : null;
}

/** ECharts axis-line colour stops: each bound as a fraction of [min, max], coloured from the scheme. */
export function intervalStops(
  bounds: readonly number[],
  colorIndices: readonly number[],
  schemeColors: readonly string[],
  min: number,
  max: number,
  restColor: string,
): Array<[number, string]> {
  const span = max - min || 1;
  const stops = bounds.map((bound, index): [number, string] => {
    const position = Math.min(1, Math.max(0, (bound - min) / span));
    const colorIndex = colorIndices[index];
    const color =
      colorIndex !== undefined && colorIndex >= 1
        ? schemeColors[(colorIndex - 1) % schemeColors.length]
        : schemeColors[index % schemeColors.length];
    return [position, color as string];
  });
  stops.sort((a, b) => a[0] - b[0]);
  // ECharts leaves the arc beyond the last stop undrawn: the rest of the range keeps the plain colour.
  const last = stops[stops.length - 1];
  if (last && last[0] < 1) stops.push([1, restColor]);
  return stops;
}
