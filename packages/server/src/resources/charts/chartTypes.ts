import { type ChartPlugin, currentVizType } from '@vitrina/common';

/**
 * The chart types' pure code (migrate, buildQuery) as the server uses it: to upgrade saved form data
 * and to build a saved chart's query. The registry is dozens of modules (every type's controls, query
 * building and option building), so it is loaded when first needed rather than when the server starts;
 * a failed load is tried again on the next use.
 */

type Registry = typeof import('@vitrina/common/viz/registry');

let registry: Promise<Registry> | undefined;

function loadRegistry(): Promise<Registry> {
  registry ??= import('@vitrina/common/viz/registry').catch((error: unknown) => {
    registry = undefined;
    throw error;
  });
  return registry;
}

/** The chart type of a viz_type, or null when the name is not one of ours. */
export async function chartPluginOf(vizType: unknown): Promise<ChartPlugin | null> {
  const current = currentVizType(vizType);
  if (!current) return null;
  const { CHART_PLUGINS } = await loadRegistry();
  return CHART_PLUGINS[current];
}

/** Saved form data brought up to the current version by its chart type; other form data as it is. */
export async function migrateFormData(formData: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (!currentVizType(formData.viz_type)) return formData;
  const { migrateSavedFormData } = await loadRegistry();
  return (migrateSavedFormData(formData) as Record<string, unknown> | null) ?? formData;
}
