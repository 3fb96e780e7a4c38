import type { DashboardMetadata, LabelColorMap } from '@vitrina/common';

/** What seeds the dashboard's label colour map: its scheme, the chosen colours and the saved map. */
export function labelColorSeed(metadata: DashboardMetadata) {
  // Superset before 4.1 saved shared_label_colors as label → colour: read it as part of the saved map.
  const oldShared = Array.isArray(metadata.shared_label_colors) ? {} : (metadata.shared_label_colors ?? {});
  return {
    color_scheme: metadata.color_scheme ?? null,
    label_colors: metadata.label_colors ?? {},
    map_label_colors: { ...oldShared, ...(metadata.map_label_colors ?? {}) },
  };
}

/**
 * The dashboard's map as one chart's `labelColors`, so the map knows which charts use which labels.
 * Each label read is noted in `drawn`, the colours of the drawing the proxy is made for.
 */
export function chartLabelColors(
  map: LabelColorMap,
  chartId: number,
  drawn: Record<string, string> = {},
): Record<string, string> {
  // Charts read `labelColors[label]` (colorScale): every read answers, assigning on first read.
  return new Proxy({} as Record<string, string>, {
    get: (_target, property) => {
      if (typeof property !== 'string') return undefined;
      const color = map.colorOf(property, chartId);
      drawn[property] = color;
      return color;
    },
  });
}

/** One drawing's colouring: the chart's `labelColors` and the labels it coloured (`drawn`). */
export interface ChartColouring {
  labelColors: Record<string, string>;
  drawn: Record<string, string>;
}

/** A colouring for one drawing of a chart: a new one for each new `data` notes only its own labels. */
export function chartColouring(map: LabelColorMap, chartId: number, _data: unknown): ChartColouring {
  const drawn: Record<string, string> = {};
  return { drawn, labelColors: chartLabelColors(map, chartId, drawn) };
}
