/**
 * From the post-processed rows (one x column, one column per metric × series) to named series of
 * points: which metric and time offset each column holds, the name users see (verbose metric names),
 * the colour key (an offset series shares its base series' colour), Superset's series sorting, and the
 * per-x totals stacking needs.
 */
import { splitLevels } from '../../query/postProcessing/util.ts';
import { TIME_COMPARISON, type TimeComparison } from './timeComparison.ts';

export interface SeriesColumn {
  /** The column name in the rows (the ECharts series id). */
  column: string;
  /** Display name: verbose metric name and series values joined by ', '. */
  name: string;
  /** Colour key: the base series' name for an offset series, else the name. */
  colorKey: string;
  /** The metric whose values the column holds (for formatting). */
  metric: string | null;
  /** The time offset of a time-comparison column. */
  offset: string | null;
  /** A difference / percentage / ratio column of a comparison. */
  derived: boolean;
}

export interface SeriesNaming {
  metricLabels: string[];
  groupbyCount: number;
  comparison: TimeComparison | null;
  /** The metric level was removed by truncate_metric (the rename operator ran). */
  truncated: boolean;
  verboseMap: Record<string, string>;
}

const verbose = (naming: SeriesNaming, label: string) =>
  (Object.hasOwn(naming.verboseMap, label) && naming.verboseMap[label]) || label;

/** Reads what a column holds from its name, the inverse of the query's post-processing names. */
export function describeColumn(column: string, naming: SeriesNaming): SeriesColumn {
  const levels = splitLevels(column);
  const { comparison } = naming;
  const joined = (parts: string[]) => parts.join(', ');
  if (naming.truncated) {
    const metric = naming.metricLabels[0] ?? null;
    const offset =
      comparison && levels.length === naming.groupbyCount + 1 && comparison.offsets.includes(levels[0] ?? '')
        ? (levels[0] as string)
        : null;
    const name = joined(levels);
    return {
      column,
      name,
      colorKey: offset ? joined(levels.slice(1)) : name,
      metric,
      offset,
      derived: false,
    };
  }
  const [first = column, ...rest] = levels;
  const base = { column, metric: null as string | null, offset: null as string | null, derived: false };
  if (naming.metricLabels.includes(first)) {
    const name = joined([verbose(naming, first), ...rest]);
    return { ...base, name, colorKey: name, metric: first };
  }
  if (comparison) {
    for (const [offsetColumn, metric] of comparison.columns) {
      const offset = offsetColumn.slice(metric.length + TIME_COMPARISON.length);
      if (first === offsetColumn) {
        const metricName = verbose(naming, metric);
        return {
          ...base,
          name: joined([`${metricName}${TIME_COMPARISON}${offset}`, ...rest]),
          colorKey: joined([metricName, ...rest]),
          metric,
          offset,
        };
      }
      const derived = [comparison.type, metric, offsetColumn].join(TIME_COMPARISON);
      if (first === derived) {
        const metricName = verbose(naming, metric);
        const name = joined([
          [comparison.type, metricName, `${metricName}${TIME_COMPARISON}${offset}`].join(TIME_COMPARISON),
          ...rest,
        ]);
        return { ...base, name, colorKey: name, metric, offset, derived: true };
      }
    }
  }
  const name = joined(levels);
  return { ...base, name, colorKey: name };
}

/** A cell as a number: numbers and numeric text; anything else (null, NaN, text) is missing. */
export function numericValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

export type SortSeriesType = 'name' | 'sum' | 'min' | 'max' | 'avg';

function seriesStatistic(values: (number | null)[], type: SortSeriesType): number | null {
  const present = values.filter((value): value is number => value !== null);
  if (present.length === 0) return null;
  switch (type) {
    case 'min':
      return Math.min(...present);
    case 'max':
      return Math.max(...present);
    case 'avg':
      return present.reduce((sum, value) => sum + value, 0) / present.length;
    default:
      return present.reduce((sum, value) => sum + value, 0);
  }
}

/**
 * Superset's series order: by name (case-insensitive) or by the sum, min, max or average of the
 * values, ascending or descending; series without values go last; ties keep the query's order.
 */
export function sortSeries<T extends { name: string; values: (number | null)[] }>(
  series: readonly T[],
  type: string,
  ascending: boolean,
): T[] {
  const sortType: SortSeriesType = ['name', 'sum', 'min', 'max', 'avg'].includes(type)
    ? (type as SortSeriesType)
    : 'sum';
  const keyed = series.map((entry, index) => ({
    entry,
    index,
    key: sortType === 'name' ? entry.name.toLowerCase() : seriesStatistic(entry.values, sortType),
  }));
  keyed.sort((a, b) => {
    if (a.key === null || b.key === null)
      return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1;
    const order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    return (ascending ? order : -order) || a.index - b.index;
  });
  return keyed.map(({ entry }) => entry);
}

/** Sum of the present values of each row across series (stack totals). */
export function rowTotals(series: ReadonlyArray<{ values: (number | null)[] }>, rowCount: number): number[] {
  const totals = new Array<number>(rowCount).fill(0);
  for (const { values } of series)
    for (let i = 0; i < rowCount; i++) totals[i] = (totals[i] as number) + (values[i] ?? 0);
  return totals;
}

/**
 * Stacked series fill a missing value next to a present one with 0, so a stacked area does not
 * collapse into the series below around the gap (Superset's fillNeighborValue).
 */
export function fillStackGaps(values: (number | null)[]): (number | null)[] {
  return values.map((value, i) =>
    value === null && ((values[i - 1] ?? null) !== null || (values[i + 1] ?? null) !== null) ? 0 : value,
  );
}
