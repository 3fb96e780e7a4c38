/** A linear colour scale over a sequential scheme: the domain maps onto the scheme's evenly spaced stops. */

function channels(hex: string): [number, number, number] {
  const value = hex.replace('#', '');
  const full = value.length === 3 ? [...value].map((char) => char + char).join('') : value;
  return [0, 2, 4].map((offset) => Number.parseInt(full.slice(offset, offset + 2), 16) || 0) as [
    number,
    number,
    number,
  ];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

export function linearColorScale(
  colors: readonly string[],
  [min, max]: [number, number],
): (value: number) => string {
  const stops = colors.map(channels);
  return (value) => {
    if (stops.length === 0) return '#000000';
    if (stops.length === 1 || !(max > min) || !Number.isFinite(value)) return toHex(stops[0] as number[]);
    const position = (Math.min(max, Math.max(min, value)) - min) / (max - min);
    const scaled = position * (stops.length - 1);
    const index = Math.min(stops.length - 2, Math.floor(scaled));
    const from = stops[index] as number[];
    const to = stops[index + 1] as number[];
    const fraction = scaled - index;
    return toHex(from.map((channel, i) => channel + ((to[i] as number) - channel) * fraction));
  };
}
