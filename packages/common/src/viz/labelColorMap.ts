/**
 * One label → colour map per dashboard (Superset's label colour map and its `map_label_colors`): a
 * label's colour depends on the label, never on where it falls in a chart's (filtered) result.
 *
 * - `label_colors` (colours the author chose) win;
 * - then the saved `map_label_colors`, so a label keeps its colour across reloads, permalinks and
 *   filters; entries of another scheme (the scheme changed since) are dropped;
 * - a label met for the first time takes the first scheme colour no label holds yet, and only when
 *   all are taken does the scheme cycle.
 *
 * The map records which charts asked for which labels, so `shared_label_colors` (the labels of more
 * than one chart, Superset 4.1's list form) can be saved with it.
 */
import { categoricalScheme } from './colors.ts';

export interface LabelColorSeed {
  color_scheme?: string | null;
  label_colors?: Record<string, string>;
  map_label_colors?: Record<string, string>;
}

/** What the dashboard saves of the map: json_metadata's map_label_colors and shared_label_colors. */
export interface SavedLabelColors {
  map_label_colors: Record<string, string>;
  shared_label_colors: string[];
}

export interface LabelColorMap {
  /** The label's colour; asked by a chart (its id), the label counts as that chart's. */
  colorOf(label: string, chartId?: number): string;
  /** The labels one chart has asked for, with their colours. */
  colorsOf(chartId: number): Record<string, string>;
  /** Every label the map has coloured, and those more than one chart uses. */
  saved(): SavedLabelColors;
  /** Called whenever a label gets its first colour. Answers the unsubscribe. */
  onNewLabel(listener: () => void): () => void;
}

export function createLabelColorMap(seed: LabelColorSeed): LabelColorMap {
  const { colors } = categoricalScheme(seed.color_scheme);
  const inScheme = new Set(colors.map((color) => color.toLowerCase()));
  const forced = seed.label_colors ?? {};
  const assigned = new Map<string, string>();
  for (const [label, color] of Object.entries(seed.map_label_colors ?? {})) {
    if (typeof color === 'string' && inScheme.has(color.toLowerCase())) assigned.set(label, color);
  }
  const chartsOf = new Map<string, Set<number>>();
  const listeners = new Set<() => void>();

  const nextColor = (): string => {
    const taken = new Set([...assigned.values()].map((color) => color.toLowerCase()));
    const free = colors.find((color) => !taken.has(color.toLowerCase()));
    return free ?? (colors[assigned.size % colors.length] as string);
  };

  return {
    colorOf(label, chartId) {
      if (chartId !== undefined) {
        const charts = chartsOf.get(label) ?? new Set<number>();
        charts.add(chartId);
        chartsOf.set(label, charts);
      }
      const custom = forced[label];
      if (custom) return custom;
      let color = assigned.get(label);
      if (!color) {
        color = nextColor();
        assigned.set(label, color);
        for (const listener of listeners) listener();
      }
      return color;
    },
    colorsOf(chartId) {
      const colors: Record<string, string> = {};
      for (const [label, charts] of chartsOf) {
        const color = forced[label] ?? assigned.get(label);
        if (charts.has(chartId) && color) colors[label] = color;
      }
      return colors;
    },
    saved() {
      const shared = [...chartsOf.entries()]
        .filter(([, charts]) => charts.size > 1)
        .map(([label]) => label)
        .sort();
      return { map_label_colors: Object.fromEntries(assigned), shared_label_colors: shared };
    },
    onNewLabel(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Whether the saved metadata lacks what the map holds: a label it has not saved, another colour, or
 * another list of shared labels. A label the metadata keeps but the map has not met yet is no change.
 */
export function labelColorsChanged(
  saved: { map_label_colors?: Record<string, string>; shared_label_colors?: unknown },
  current: SavedLabelColors,
): boolean {
  const map = saved.map_label_colors ?? {};
  if (Object.entries(current.map_label_colors).some(([label, color]) => map[label] !== color)) return true;
  const shared = Array.isArray(saved.shared_label_colors) ? saved.shared_label_colors : [];
  return current.shared_label_colors.some((label) => !shared.includes(label));
}

/** The saved map with what the map holds now: labels seen before and not met in this visit stay. */
export function mergedLabelColors(
  saved: { map_label_colors?: Record<string, string>; shared_label_colors?: unknown },
  current: SavedLabelColors,
): SavedLabelColors {
  const shared = Array.isArray(saved.shared_label_colors)
    ? saved.shared_label_colors.filter((label): label is string => typeof label === 'string')
    : [];
  return {
    map_label_colors: { ...(saved.map_label_colors ?? {}), ...current.map_label_colors },
    shared_label_colors: [...new Set([...shared, ...current.shared_label_colors])].sort(),
  };
}
