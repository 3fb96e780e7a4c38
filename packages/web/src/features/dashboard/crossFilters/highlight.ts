import { columnLabel } from '@vitrina/common/query/types';
import {
  type ClickContext,
  type CrossFilterTarget,
  heatmapAxes,
  rowValues,
  seriesValues,
  treeNodeValues,
  treePathKey,
} from './clickTarget.ts';
import { isSelected, type SelectedCrossFilter } from './selection.ts';

/** Superset's opacity for what a chart's own cross-filter left out. */
export const DIMMED_OPACITY = 0.3;

type Option = Record<string, unknown>;
type SeriesOption = Record<string, unknown>;
type Row = Record<string, unknown>;

/** What drawing the selection needs besides the target. */
export interface HighlightContext extends ClickContext {
  horizontal: boolean;
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

const labelsOf = (columns: readonly Parameters<typeof columnLabel>[0][]) => columns.map(columnLabel);

const sameColumns = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((column, i) => column === b[i]);

/** Whether the selection is on columns this target draws (else the chart is left as it is). */
function drawable(target: CrossFilterTarget, selected: SelectedCrossFilter): boolean {
  switch (target.kind) {
    case 'series':
      return target.queries.some((query) => sameColumns(labelsOf(query.columns), selected.columns));
    case 'category':
      return sameColumns([target.column], selected.columns);
    case 'row':
      return sameColumns(labelsOf(target.columns), selected.columns);
    case 'tree': {
      const labels = labelsOf(target.columns);
      return (
        selected.columns.length > 0 && sameColumns(labels.slice(0, selected.columns.length), selected.columns)
      );
    }
    case 'heatmap':
      return sameColumns(labelsOf([target.x, target.y]), selected.columns);
    case 'cell':
    case 'dimensions':
      return false;
  }
}

/** Dims the items of the series of one type whose row is not selected (a row per `perRow` items). */
function dimRows(
  series: SeriesOption[],
  target: Extract<CrossFilterTarget, { kind: 'row' }>,
  selected: SelectedCrossFilter,
  rows: readonly Row[],
): SeriesOption[] {
  const labels = labelsOf(target.columns);
  return series.map((entry) => {
    if (entry.type !== target.element || !Array.isArray(entry.data)) return entry;
    const data = (entry.data as unknown[]).map((item, index) => {
      const values = rowValues(rows[Math.floor(index / target.perRow)], target.columns);
      return values && !isSelected(selected, labels, values) ? dimItem(item) : item;
    });
    return { ...entry, data };
  });
}

/** Dims the word cloud's words whose row is not selected. */
function dimWords(
  option: Option,
  target: Extract<CrossFilterTarget, { kind: 'row' }>,
  selected: SelectedCrossFilter,
  rows: readonly Row[],
): Option {
  const graphic = option.graphic as { elements?: unknown } | undefined;
  if (!graphic || !Array.isArray(graphic.elements)) return option;
  const labels = labelsOf(target.columns);
  const elements = (graphic.elements as Array<Record<string, unknown>>).map((element) => {
    const row = (element.info as { row?: unknown } | undefined)?.row;
    const values = typeof row === 'number' ? rowValues(rows[row], target.columns) : null;
    return values && !isSelected(selected, labels, values)
      ? { ...element, style: withOpacity(element.style, DIMMED_OPACITY) }
      : element;
  });
  return { ...option, graphic: { ...graphic, elements } };
}

/**
 * Dims the tree nodes off the selected node's branch: its ancestors, itself and its descendants stay.
 * `skip` data levels above the hierarchy (the treemap's metric node) are never dimmed.
 */
function dimTree(
  items: unknown[],
  path: string[],
  skip: number,
  keep: (path: readonly string[]) => boolean,
): unknown[] {
  return items.map((item) => {
    if (typeof item !== 'object' || item === null) return item;
    const node = item as Record<string, unknown>;
    const own = skip > 0 ? path : [...path, String(node.name ?? '')];
    const children = Array.isArray(node.children)
      ? dimTree(node.children as unknown[], own, Math.max(0, skip - 1), keep)
      : undefined;
    const next = children ? { ...node, children } : node;
    return skip > 0 || keep(own) ? next : dimItem(next);
  });
}

/**
 * The ECharts option with the chart's own cross-filter shown: what the selection left out is drawn
 * faint, as Superset does. A chart without a selection, or a selection it cannot mark, is unchanged.
 */
export function highlightSelection(
  option: Option,
  target: CrossFilterTarget,
  selected: SelectedCrossFilter | null,
  context: HighlightContext,
): Option {
  const series = seriesList(option);
  if (!selected || selected.tuples.length === 0 || !drawable(target, selected)) return option;
  const rows = (context.queriesData?.[0]?.data ?? []) as Row[];
  if (target.kind === 'row' && target.element === 'graphic') return dimWords(option, target, selected, rows);
  if (!series) return option;
  switch (target.kind) {
    case 'series':
      return {
        ...option,
        series: series.map((entry) => {
          // Stream graphs' invisible baseline stays invisible.
          if (entry.silent === true) return entry;
          const id = typeof entry.id === 'string' ? entry.id : String(entry.name ?? '');
          const found = seriesValues(target.queries, id, context.datasource);
          if (!found) return entry;
          return isSelected(selected, labelsOf(found.query.columns), found.values) ? entry : dimSeries(entry);
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
            return point && !isSelected(selected, [target.column], [value]) ? dimItem(item) : item;
          });
          return { ...entry, data };
        }),
      };
    case 'row':
      return { ...option, series: dimRows(series, target, selected, rows) };
    case 'tree': {
      const nodes = treeNodeValues(target.columns, context);
      const labels = labelsOf(target.columns);
      const chosen = selected.columns.length;
      const keep = (path: readonly string[]) => {
        const values = nodes.get(treePathKey(path));
        if (!values) return true;
        // An ancestor of the selected node, the node, or one of its descendants.
        const depth = Math.min(path.length, chosen);
        return selected.tuples.some((tuple) =>
          isSelected(
            { columns: selected.columns.slice(0, depth), tuples: [tuple.slice(0, depth)] },
            labels.slice(0, depth),
            values.slice(0, depth),
          ),
        );
      };
      const skip = target.skip - 1;
      return {
        ...option,
        series: series.map((entry) =>
          Array.isArray(entry.data)
            ? { ...entry, data: dimTree(entry.data as unknown[], [], skip, keep) }
            : entry,
        ),
      };
    }
    case 'heatmap': {
      const axes = heatmapAxes(target, rows);
      const labels = labelsOf([target.x, target.y]);
      return {
        ...option,
        series: series.map((entry) => {
          if (entry.type !== 'heatmap' || !Array.isArray(entry.data)) return entry;
          const data = (entry.data as unknown[]).map((item) => {
            const [xi, yi] = Array.isArray(item) ? (item as unknown[]) : [];
            if (typeof xi !== 'number' || typeof yi !== 'number') return item;
            const values = [axes.x[xi] ?? null, axes.y[yi] ?? null];
            return isSelected(selected, labels, values) ? item : dimItem(item);
          });
          return { ...entry, data };
        }),
      };
    }
    case 'cell':
    case 'dimensions':
      return option;
  }
}
