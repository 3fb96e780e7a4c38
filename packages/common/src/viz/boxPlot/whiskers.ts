/** Superset's whisker options (form data `whiskerOptions`) → the `boxplot` post-processing's options. */
import type { BoxplotWhiskerType } from '../../query/postProcessing/types.ts';

export const WHISKER_OPTIONS = [
  'Tukey',
  'Min/max (no outliers)',
  '2/98 percentiles',
  '9/91 percentiles',
] as const;

const PERCENTILES = /^(\d+)\/(\d+) percentiles$/;

export interface Whiskers {
  whisker_type: BoxplotWhiskerType;
  percentiles?: [number, number];
}

/** The whisker type of an option, or null for text that names none. */
export function whiskersOf(option: unknown): Whiskers | null {
  if (option === undefined || option === null || option === '' || option === 'Tukey')
    return { whisker_type: 'tukey' };
  if (option === 'Min/max (no outliers)') return { whisker_type: 'min/max' };
  const match = typeof option === 'string' ? PERCENTILES.exec(option) : null;
  if (!match) return null;
  const low = Number(match[1]);
  const high = Number(match[2]);
  return low < high && high <= 100 ? { whisker_type: 'percentile', percentiles: [low, high] } : null;
}
