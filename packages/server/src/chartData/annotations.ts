import type { NormalizedQueryObject } from '@vitrina/common';
import {
  type AnnotationLayer,
  annotationSliceId,
  applyAnnotationOverrides,
} from '@vitrina/common/query/annotationLayers';
import { HttpError, type SipError } from '../http/errors.ts';
import type { AppContext } from '../http/types.ts';
import type { JsonValue } from '../platform/json.ts';
import { savedChartQueryContext } from './savedCharts.ts';
import { type ChartDataRun, chartDataJson, prepareRun } from './service.ts';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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

export async function annotationData(
  ctx: AppContext,
  run: ChartDataRun,
  query: NormalizedQueryObject,
  layers: readonly AnnotationLayer[],
): Promise<AnnotationResult> {
  const out: AnnotationResult = { data: {}, errors: [] };
  for (const layer of layers) {
    try {
      const sliceId = annotationSliceId(layer);
      if (sliceId === null) throw new HttpError(400, { message: 'The layer names no saved chart' });
      const saved = await savedChartQueryContext(ctx, run.principal, sliceId, {
        result_type: 'full',
        result_format: 'json',
        force: run.context.force,
      });
      const context = applyAnnotationOverrides(asAnnotationContext(saved, run.context.force), layer, {
        time_range: annotatedRange(query),
        time_grain_sqla: query.extras.time_grain_sqla,
      });
      const source = await prepareRun(ctx, run.principal, context);
      const [entry] = await chartDataJson(ctx, source);
      out.data[layer.name] = { data: entry?.data ?? [], colnames: entry?.colnames ?? [] };
    } catch (error) {
      out.errors.push(layerError(layer, error));
    }
  }
  return out;
}
