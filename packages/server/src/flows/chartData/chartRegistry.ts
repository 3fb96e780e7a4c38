import type { FormData } from '@vitrina/common';

/**
 * Common's chart registry as the server loads it, and the server's one migration of saved form data.
 * The registry is dozens of modules (every type's controls, query building and option building), so it
 * is loaded when first needed rather than when the server starts; a failed load is tried again on the
 * next use. Stored rows and the chart API's `params` stay as saved: form data is migrated where it is
 * used (building a query, serving explore's form data).
 */

type Registry = typeof import('@vitrina/common/viz/registry');

let registry: Promise<Registry> | undefined;

export function loadRegistry(): Promise<Registry> {
  registry ??= import('@vitrina/common/viz/registry').catch((error: unknown) => {
    registry = undefined;
    throw error;
  });
  return registry;
}

/** Saved form data (ours or Superset's) brought to the current version; null: a type no plugin knows. */
export async function migrateSaved(formData: Record<string, unknown>): Promise<FormData | null> {
  return (await loadRegistry()).migrateSavedFormData(formData);
}

/** As migrateSaved, keeping form data of an unknown type as it is. */
export async function migrateFormData(formData: Record<string, unknown>): Promise<Record<string, unknown>> {
  return ((await migrateSaved(formData)) as Record<string, unknown> | null) ?? formData;
}

type DashboardQueries = typeof import('@vitrina/common/viz/dashboardChartQuery');

/** Common's dashboard query builder (it brings in the registry, so it is loaded when first needed too). */
export function loadDashboardQueries(): Promise<DashboardQueries> {
  return loadRegistry().then(() => import('@vitrina/common/viz/dashboardChartQuery'));
}
