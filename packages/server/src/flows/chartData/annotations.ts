import type { NormalizedQueryObject } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import {
  type AnnotationLayer,
  annotationSliceId,
  applyAnnotationOverrides,
  type NativeAnnotationLayer,
} from '@vitrina/common/query/annotationLayers';
import type { Kysely } from 'kysely';
import { HttpError, type SipError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';
import type { JsonValue } from '../../platform/json.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { annotationsOfLayers, existingAnnotationLayerIds } from './repo.ts';

/**
 * Annotation layers sourced from saved charts (Superset's get_viz_annotation_data): each shown 'table'
 * or 'line' layer runs its chart's query context — built by the charts resource, as the asking user, so
 * their access to that chart's dataset and their row-level security apply — with the layer's time range
 * and grain overrides, and answers `{data, colnames}` under the layer's name. A layer that cannot be
 * read (no such chart, no access, a failing query) is reported in the entry's `errors`; the chart's own
 * data is still answered.
 */
export interface AnnotationResult {
  data: Record<string, { data: JsonValue; colnames: JsonValue }>;
  errors: SipError[];
}

/** The annotated query's time range: its time_range, else its first TEMPORAL_RANGE filter. */
function annotatedRange(query: NormalizedQueryObject): string | null {
  if (query.time_range) return query.time_range;
  const filter = query.filters.find((f) => f.op === 'TEMPORAL_RANGE' && typeof f.val === 'string');
  return filter ? (filter.val as string) : null;
}

/** The source chart's context as the annotation runs it: full JSON, and no layers of its own (no loops). */
function asAnnotationContext(context: unknown, force: boolean): unknown {
  if (!isRecord(context)) return context;
  const queries = Array.isArray(context.queries)
    ? context.queries.map((query: unknown) => (isRecord(query) ? { ...query, annotation_layers: [] } : query))
    : context.queries;
  return { ...context, queries, result_type: 'full', result_format: 'json', force };
}

function layerError(layer: AnnotationLayer, error: unknown): SipError {
  let message = error instanceof Error ? error.message : String(error);
  let errorType = 'GENERIC_BACKEND_ERROR';
  let extra: Record<string, unknown> = {};
  if (error instanceof HttpError) {
    const body = error.body as { message?: unknown; errors?: SipError[] } | undefined;
    const first = body?.errors?.[0];
    if (first) {
      message = first.message;
      errorType = first.error_type;
      extra = first.extra ?? {};
    } else if (typeof body?.message === 'string') {
      message = body.message;
      errorType = error.statusCode === 404 ? 'OBJECT_DOES_NOT_EXIST_ERROR' : 'GENERIC_COMMAND_ERROR';
    }
  }
  return {
    message: `Annotation layer "${layer.name}": ${message}`,
    error_type: errorType,
    level: 'error',
    extra: { ...extra, annotation_layer: layer.name, slice_id: annotationSliceId(layer) },
  };
}

/** Who reads the layers, and whether the annotated chart was forced past the cache. */
export interface AnnotationReader {
  principal: Principal;
  force: boolean;
}

/**
 * Runs a layer's query context through the chart data flow as the reader (given by the flow's
 * service, so this module does not import it back): the entries of `result[]`.
 */
export type RunLayerContext = (context: unknown) => Promise<ReadonlyArray<{ [key: string]: JsonValue }>>;

export async function annotationData(
  ctx: AppContext,
  reader: AnnotationReader,
  query: NormalizedQueryObject,
  layers: readonly AnnotationLayer[],
  runContext: RunLayerContext,
): Promise<AnnotationResult> {
  const out: AnnotationResult = { data: {}, errors: [] };
  for (const layer of layers) {
    try {
      const sliceId = annotationSliceId(layer);
      if (sliceId === null) throw new HttpError(400, { message: 'The layer names no saved chart' });
      const saved = await ctx.services.savedChartQueryContext(ctx, reader.principal, sliceId, {
        result_type: 'full',
        result_format: 'json',
        force: reader.force,
      });
      const context = applyAnnotationOverrides(asAnnotationContext(saved, reader.force), layer, {
        time_range: annotatedRange(query),
        time_grain_sqla: query.extras.time_grain_sqla,
      });
      const [entry] = await runContext(context);
      out.data[layer.name] = { data: entry?.data ?? [], colnames: entry?.colnames ?? [] };
    } catch (error) {
      out.errors.push(layerError(layer, error));
    }
  }
  return out;
}

/** The columns of a native layer's answer, in Superset's order. */
const NATIVE_COLUMNS = ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'] as const;

/** The time bounds of the annotated query, epoch ms; null leaves that side open. */
export interface QueryBounds {
  from: number | null;
  to: number | null;
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Native layers (Superset's get_native_annotation_data): each layer's annotations that overlap the
 * query's time range, under the layer's name as `{columns, records}` with times in epoch ms. Unlike
 * Superset, which answers a layer's every annotation, only those the chart can show are sent. A layer
 * that no longer exists is reported in `errors`, and the chart's own data is still answered.
 */
export async function nativeAnnotationData(
  db: Kysely<MetastoreSchema>,
  layers: readonly NativeAnnotationLayer[],
  bounds: QueryBounds,
): Promise<{ data: Record<string, JsonValue>; errors: SipError[] }> {
  const ids = [...new Set(layers.map((layer) => layer.layerId))];
  const existing = new Set(await existingAnnotationLayerIds(db, ids));
  const rows = await annotationsOfLayers(db, [...existing], isoOf(bounds.from), isoOf(bounds.to));
  const data: Record<string, JsonValue> = {};
  const errors: SipError[] = [];
  for (const layer of layers) {
    if (!existing.has(layer.layerId)) {
      errors.push({
        message: `Annotation layer "${layer.name}": Annotation layer not found.`,
        error_type: 'OBJECT_DOES_NOT_EXIST_ERROR',
        level: 'error',
        extra: { annotation_layer: layer.name, layer_id: layer.layerId },
      });
      continue;
    }
    const records = rows
      .filter((row) => row.layer_id === layer.layerId)
      .map((row) => ({
        start_dttm: Date.parse(row.start_dttm),
        end_dttm: Date.parse(row.end_dttm),
        short_descr: row.short_descr,
        long_descr: row.long_descr,
        json_metadata: row.json_metadata,
      }));
    data[layer.name] = { columns: [...NATIVE_COLUMNS], records };
  }
  return { data, errors };
}
