import type { ChartPlugin, ChartType } from './types.ts';

/** The code a type's index.ts adds to what its type.ts says of it. */
export type ChartCode = Pick<ChartPlugin, 'controlPanel' | 'buildQuery' | 'transformProps' | 'example'>;

/**
 * A type's whole plugin: its registered facts (type.ts) with its code, so the two cannot disagree on the
 * name, metadata, migrate, texts or cross-filter target.
 */
export function withCode<T extends string>(type: ChartType<T>, code: ChartCode): ChartPlugin<T> {
  const { load: _load, ...info } = type;
  return { ...info, ...code };
}
