import {
  addChartToLayout as addChartNode,
  type DashboardLayout,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  migrateLayout,
  removeChartFromLayout as removeChartNodes,
  serializeLayout,
} from '@vitrina/common';

/**
 * A dashboard's position_json (reference §4.3) as far as the server changes it: a chart added to a
 * dashboard from explore goes into a new row at the end of the dashboard's first container, as
 * Superset's dashboard places charts that have no position yet; a chart taken off a dashboard leaves
 * the layout with it. Both edits are the common layout operations. Layouts that are missing or
 * unreadable are left as they are: the dashboard then lays its charts out itself.
 */

export const DEFAULT_CHART_WIDTH = GRID_DEFAULT_CHART_WIDTH;
export const DEFAULT_CHART_HEIGHT = GRID_DEFAULT_CHART_HEIGHT;

/** The stored layout at the current version, or null when there is none to edit. */
function readLayout(positionJson: string | null): DashboardLayout | null {
  if (!positionJson?.trim()) return null;
  try {
    const value: unknown = JSON.parse(positionJson);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
    return migrateLayout(value as Record<string, unknown>) as DashboardLayout;
  } catch {
    return null;
  }
}

/** The layout with the chart in a new row of its own; unchanged when the chart is already placed. */
export function addChartToLayout(
  positionJson: string | null,
  chart: { id: number; uuid: string; sliceName: string },
): string | null {
  const layout = readLayout(positionJson);
  if (!layout) return positionJson;
  const next = addChartNode(layout, chart.id, chart.sliceName, { uuid: chart.uuid });
  return next === layout ? positionJson : serializeLayout(next);
}

/** The layout without the chart's nodes; a row left empty goes too. */
export function removeChartFromLayout(positionJson: string | null, chartId: number): string | null {
  const layout = readLayout(positionJson);
  if (!layout) return positionJson;
  const next = removeChartNodes(layout, chartId);
  return next === layout ? positionJson : serializeLayout(next);
}
