import type { FormData, QueryContext } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import { HttpError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { loadRegistry, migrateSaved } from './chartRegistry.ts';
import { LegacyHttpError } from './errors.ts';
import type { ResultEntry } from './service.ts';

/**
 * The legacy `/superset/explore_json/` (Superset ≤ 4): legacy form data (`"datasource": "3__table"`,
 * `viz_type`, `slice_id`, the controls) → a query context through the chart type's migrate and
 * buildQuery from common's registry, or — for a `slice_id` alone — the saved chart's query context.
 * Flags of the query string pick the output: csv, query, results, samples, force.
 */

export interface ExploreJsonFlags {
  csv: boolean;
  query: boolean;
  results: boolean;
  samples: boolean;
  force: boolean;
}

const FLAG_NAMES = ['csv', 'query', 'results', 'samples', 'force'] as const;

/** `?csv=true` style flags: 'true' or '1' (any case) is on. */
export function parseFlags(query: Record<string, unknown>): ExploreJsonFlags {
  const on = (name: string) => {
    const value = query[name];
    return typeof value === 'string' && ['true', '1'].includes(value.toLowerCase());
  };
  return Object.fromEntries(FLAG_NAMES.map((name) => [name, on(name)])) as unknown as ExploreJsonFlags;
}

/** The form data of a request: the `form_data` form field or body key, else the query-string one. */
export function legacyFormData(body: unknown, queryString: string | undefined): Record<string, unknown> {
  let text: unknown = queryString;
  if (isRecord(body)) {
    if (isRecord(body.form_data)) return body.form_data;
    if (typeof body.form_data === 'string') text = body.form_data;
  }
  if (typeof text !== 'string' || text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new LegacyHttpError(400, 'form_data is not valid JSON');
  }
  if (!isRecord(parsed)) throw new LegacyHttpError(400, 'form_data must be a JSON object');
  return parsed;
}

/** What a legacy flag asks of the query context. */
function outputOf(flags: ExploreJsonFlags): { result_type: string; result_format: string } {
  if (flags.csv) return { result_type: 'full', result_format: 'csv' };
  if (flags.query) return { result_type: 'query', result_format: 'json' };
  if (flags.samples) return { result_type: 'samples', result_format: 'json' };
  if (flags.results) return { result_type: 'results', result_format: 'json' };
  return { result_type: 'full', result_format: 'json' };
}

/** A form data that names nothing but its saved chart. */
function isSliceOnly(formData: Record<string, unknown>): boolean {
  return (
    formData.slice_id !== undefined &&
    formData.slice_id !== null &&
    formData.viz_type === undefined &&
    formData.datasource === undefined
  );
}

function sliceIdOf(value: unknown): number {
  const id = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) {
    throw new LegacyHttpError(400, 'slice_id must be a chart id');
  }
  return id;
}

/** Form data → query context with the chart type's own migrate and buildQuery. */
export async function buildLegacyQueryContext(formData: Record<string, unknown>): Promise<QueryContext> {
  const { CHART_PLUGINS } = await loadRegistry();
  let migrated: FormData | null;
  try {
    migrated = await migrateSaved(formData);
  } catch (error) {
    throw new LegacyHttpError(400, error instanceof Error ? error.message : String(error));
  }
  if (!migrated)
    throw new LegacyHttpError(400, `The chart type "${String(formData.viz_type)}" is not supported`);
  try {
    return CHART_PLUGINS[migrated.viz_type].buildQuery(migrated);
  } catch (error) {
    throw new LegacyHttpError(400, error instanceof Error ? error.message : String(error));
  }
}

/**
 * The query context an explore_json request runs, with the flags' result type and format and force:
 * the saved chart's for a `slice_id` alone, else built from the form data (the path's datasource filling
 * in a form data without one).
 */
export async function legacyQueryContext(
  ctx: AppContext,
  principal: Principal,
  formData: Record<string, unknown>,
  flags: ExploreJsonFlags,
  pathDatasource: { type: string; id: string } | null,
): Promise<Record<string, unknown>> {
  const output = outputOf(flags);
  let context: unknown;
  if (isSliceOnly(formData) && pathDatasource === null) {
    context = await ctx.services.savedChartQueryContext(ctx, principal, sliceIdOf(formData.slice_id), {
      ...output,
      force: flags.force,
    });
  } else {
    const withDatasource =
      formData.datasource === undefined && pathDatasource
        ? { ...formData, datasource: `${pathDatasource.id}__${pathDatasource.type}` }
        : formData;
    if (typeof withDatasource.datasource !== 'string') {
      throw new LegacyHttpError(400, 'form_data needs a datasource such as "3__table"');
    }
    context = await buildLegacyQueryContext(withDatasource);
  }
  if (!isRecord(context)) throw new HttpError(500, { message: 'The chart has no query context' });
  return { ...context, ...output, force: flags.force };
}

/** Superset's explore_json JSON payload from the first result entry. */
export function legacyPayload(entry: ResultEntry, formData: Record<string, unknown>): ResultEntry {
  const pick = (name: string) => entry[name] ?? null;
  return {
    cache_key: pick('cache_key'),
    cached_dttm: pick('cached_dttm'),
    cache_timeout: pick('cache_timeout'),
    errors: entry.errors ?? [],
    form_data: formData as ResultEntry,
    is_cached: entry.is_cached ?? false,
    query: pick('query'),
    from_dttm: pick('from_dttm'),
    to_dttm: pick('to_dttm'),
    status: pick('status'),
    stacktrace: null,
    rowcount: pick('rowcount'),
    data: entry.data ?? [],
    colnames: entry.colnames ?? [],
    coltypes: entry.coltypes ?? [],
    applied_filters: entry.applied_filters ?? [],
    rejected_filters: entry.rejected_filters ?? [],
    annotation_data: entry.annotation_data ?? {},
  };
}

/** Any failure as the legacy `{"error": …}` body (with `message` and SIP-40 `errors` kept when present). */
export function legacyError(error: unknown): unknown {
  if (!(error instanceof HttpError) || error instanceof LegacyHttpError) return error;
  const body = error.body as { message?: unknown; errors?: unknown[] };
  const legacy = new LegacyHttpError(error.statusCode, error.message);
  if (body.errors)
    (legacy as { body: unknown }).body = {
      error: error.message,
      message: error.message,
      errors: body.errors,
    };
  return legacy;
}
