import type { NativeFilter } from './types.ts';

/** The target columns of a filter on a dataset column (select, range). */
export function targetColumns(filter: NativeFilter): string[] {
  return filter.targets.map((target) => target.column?.name).filter((name): name is string => Boolean(name));
}
