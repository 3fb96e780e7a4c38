import type { ChartDataResult } from '@vitrina/common';
import type { CrossFilterValue } from '@vitrina/common/filters/crossFilter';
import { splitLevels } from '@vitrina/common/query/postProcessing/util';
import type { CrossFilterTarget } from './clickTarget.ts';

/** Superset's opacity for what a chart's own cross-filter left out. */
export const DIMMED_OPACITY = 0.3;

type Option = Record<string, unknown>;
type SeriesOption = Record<string, unknown>;

/** Values compare as text: a series id or an axis category is text even for a number column. */
function keyOf(value: CrossFilterValue | unknown): string {
  return value === null || value === undefined ? '\u0000null' : String(value);
}

function withOpacity(style: unknown, opacity: number): Record<string, unknown> {
  return { ...(typeof style === 'object' && style !== null ? style : {}), opacity };
}

function dimSeries(series: SeriesOption): SeriesOption {
  const dimmed: SeriesOption = { ...series, itemStyle: withOpacity(series.itemStyle, DIMMED_OPACITY) };
  if (series.lineStyle !== undefined || series.type === 'line')
    dimmed.lineStyle = withOpacity(series.lineStyle, DIMMED_OPACITY);
  if (series.areaStyle !== undefined) dimmed.areaStyle = withOpacity(series.areaStyle, DIMMED_OPACITY);
  return dimmed;
}

function dimItem(item: unknown): unknown {
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const entry = item as Record<string, unknown>;
    return { ...entry, itemStyle: withOpacity(entry.itemStyle, DIMMED_OPACITY) };
  }
  return { value: item, itemStyle: { opacity: DIMMED_OPACITY } };
}

function seriesList(option: Option): SeriesOption[] | null {
  const { series } = option;
  if (Array.isArray(series)) return series as SeriesOption[];
  return null;
}

/**
 * The ECharts option with the chart's own cross-filter shown: what the selection left out is drawn
 * faint, as Superset does. A chart without a selection, or a target it cannot mark, is unchanged.
 */
export function highlightSelection(
  option: Option,
  target: CrossFilterTarget,
  selected: readonly CrossFilterValue[] | null,
  context: { horizontal: boolean; queriesData: readonly ChartDataResult[] | null },
): Option {
  const series = seriesList(option);
  if (!selected || selected.length === 0 || !series) return option;
  const chosen = new Set(selected.map(keyOf));
  switch (target.kind) {
    case 'series':
      return {
        ...option,
        series: series.map((entry) => {
          const id = typeof entry.id === 'string' ? entry.id : String(entry.name ?? '');
          const level = splitLevels(id).at(-1);
          const value = level === '<NULL>' ? null : level;
          return chosen.has(keyOf(value)) ? entry : dimSeries(entry);
        }),
      };
    case 'category':
      return {
        ...option,
        series: series.map((entry) => {
          if (!Array.isArray(entry.data)) return entry;
          const data = (entry.data as unknown[]).map((item) => {
            const point = Array.isArray(item) ? item : null;
            const category = point ? point[context.horizontal ? 1 : 0] : null;
            const value = category === 'NULL' ? null : category;
            return point && !chosen.has(keyOf(value)) ? dimItem(item) : item;
          });
          return { ...entry, data };
        }),
      };
    case 'slice': {
      const column = target.column;
      const rows = (context.queriesData?.[0]?.data ?? []) as Array<Record<string, unknown>>;
      return {
        ...option,
        series: series.map((entry) => {
          if (entry.type !== 'pie' || !Array.isArray(entry.data)) return entry;
          const data = (entry.data as unknown[]).map((item, index) => {
            const row = rows[index];
            return row && !chosen.has(keyOf(row[column])) ? dimItem(item) : item;
          });
          return { ...entry, data };
        }),
      };
    }
    case 'cell':
      return option;
  }
}
