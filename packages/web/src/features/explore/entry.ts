/**
 * How explore is opened: a saved chart (`?slice_id=`), a dataset (`?datasource_id=&datasource_type=`,
 * optionally `viz_type`), a permalink (`/explore/p/<key>`), or nothing (the dataset picker). Superset's
 * older links (`?form_data={"slice_id":…}`, `?datasource=3__table`) open the same way.
 */
import { DATASOURCE_TYPES, type DatasourceType } from '@vitrina/common';

export type ExploreEntry =
  | { kind: 'slice'; sliceId: number; vizType: string | null }
  | { kind: 'dataset'; datasourceId: number; datasourceType: DatasourceType; vizType: string | null }
  | { kind: 'permalink'; key: string; vizType: null }
  | { kind: 'picker' };

export const EXPLORE_PATH = '/explore/';

function positiveInt(value: string | null | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const parsed = Number(value);
  return parsed > 0 ? parsed : null;
}

function datasourceType(value: string | null | undefined): DatasourceType {
  return (DATASOURCE_TYPES as readonly string[]).includes(value ?? '') ? (value as DatasourceType) : 'table';
}

function legacyFormData(params: URLSearchParams): Record<string, unknown> {
  const text = params.get('form_data');
  if (!text) return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

export function exploreEntryFromUrl(params: URLSearchParams, permalinkKey?: string): ExploreEntry {
  if (permalinkKey) return { kind: 'permalink', key: permalinkKey, vizType: null };
  const legacy = legacyFormData(params);
  const vizType = params.get('viz_type') || (typeof legacy.viz_type === 'string' ? legacy.viz_type : null);

  const sliceId = positiveInt(params.get('slice_id')) ?? positiveInt(String(legacy.slice_id ?? ''));
  if (sliceId !== null) return { kind: 'slice', sliceId, vizType };

  const key = params.get('datasource') ?? (typeof legacy.datasource === 'string' ? legacy.datasource : '');
  const [keyId, keyType] = key.split('__');
  const datasourceId = positiveInt(params.get('datasource_id')) ?? positiveInt(keyId);
  if (datasourceId !== null) {
    return {
      kind: 'dataset',
      datasourceId,
      datasourceType: datasourceType(params.get('datasource_type') ?? keyType),
      vizType,
    };
  }
  return { kind: 'picker' };
}

/** The query string of `GET /api/v1/explore/` for an entry. */
export function exploreApiParams(entry: Exclude<ExploreEntry, { kind: 'picker' }>): URLSearchParams {
  switch (entry.kind) {
    case 'slice':
      return new URLSearchParams({ slice_id: String(entry.sliceId) });
    case 'dataset':
      return new URLSearchParams({
        datasource_id: String(entry.datasourceId),
        datasource_type: entry.datasourceType,
      });
    case 'permalink':
      return new URLSearchParams({ permalink_key: entry.key });
  }
}

/** The explore URL of a saved chart. */
export function sliceExploreUrl(sliceId: number): string {
  return `${EXPLORE_PATH}?slice_id=${sliceId}`;
}

/** The explore URL of a dataset, opened with a chart type. */
export function datasetExploreUrl(
  datasetId: number,
  vizType?: string,
  type: DatasourceType = 'table',
): string {
  const params = new URLSearchParams({ datasource_id: String(datasetId), datasource_type: type });
  if (vizType) params.set('viz_type', vizType);
  return `${EXPLORE_PATH}?${params.toString()}`;
}
