import {
  type DashboardLayout,
  migrateLayout,
  nodesOfType,
  parseMetadata,
  validateMetadata,
} from '@vitrina/common';
import { parseJsonObject } from '../charts/formData.ts';

/**
 * json_metadata and position_json as the API keeps them: checked on the way in, stored upgraded to the
 * current document versions (metadata `version`, layout DASHBOARD_VERSION_KEY), and upgraded again on
 * the way out so rows written by older code read the same.
 */

/** What is wrong with metadata text sent to the API, one message per field; empty when it is valid. */
export function metadataProblems(text: string | null | undefined): string[] {
  if (!text?.trim()) return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return ['JSON not valid'];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return ['Must be a JSON object'];
  return validateMetadata(value).map((problem) => `${problem.field}: ${problem.message}`);
}

/** Metadata text upgraded to the current version; blank stays null, unreadable text as it is. */
export function currentMetadata(text: string | null): string | null {
  if (!text?.trim()) return null;
  const parsed = parseMetadata(text);
  return parsed.ok ? JSON.stringify(parsed.metadata) : text;
}

/** Layout text upgraded to the current version; blank stays null, unreadable text as it is. */
export function currentLayout(text: string | null): string | null {
  if (!text?.trim()) return null;
  const raw = parseJsonObject(text);
  return raw ? JSON.stringify(migrateLayout(raw)) : text;
}

/** The chart ids the CHART nodes of a layout name, in layout order; none when the text is no layout. */
export function chartIdsInLayout(positionJson: string | null | undefined): number[] {
  const raw = parseJsonObject(positionJson ?? '');
  if (!raw) return [];
  const ids: number[] = [];
  for (const node of nodesOfType(migrateLayout(raw) as DashboardLayout, 'CHART')) {
    const chartId = node.meta?.chartId;
    if (typeof chartId === 'number' && Number.isInteger(chartId) && !ids.includes(chartId)) ids.push(chartId);
  }
  return ids;
}
