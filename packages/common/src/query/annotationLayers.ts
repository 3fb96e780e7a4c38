import { isRecord } from '../isRecord.ts';
/**
 * Annotation layers of a query object (Superset's `annotation_layers`). Layers whose source is a saved
 * chart (`sourceType` 'table' or 'line') are run by the server and answered in the entry's
 * `annotation_data[<name>]`; so are native layers (`sourceType` 'NATIVE', `value` the layer's id), read
 * from the metastore; FORMULA layers are computed by the client, and hidden layers are skipped.
 */
export const ANNOTATION_TYPES = ['EVENT', 'INTERVAL', 'TIME_SERIES', 'FORMULA'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

export interface AnnotationLayer {
  name: string;
  annotationType: AnnotationType;
  /** 'table' (a table chart's rows), 'line' (a line chart's series), '' or 'NATIVE' for the others. */
  sourceType: string;
  /** The saved chart's id for 'table' and 'line'. */
  value: unknown;
  show: boolean;
  timeColumn?: string;
  intervalEndColumn?: string;
  titleColumn?: string;
  descriptionColumns?: string[];
  /** Form-data keys the source chart takes from the annotated chart; a null value means "the chart's own". */
  overrides?: Record<string, unknown>;
}

/** The fields that decide a layer's data: Superset's annotation cache key fields. */
const KEY_FIELDS = [
  'annotationType',
  'descriptionColumns',
  'intervalEndColumn',
  'name',
  'overrides',
  'sourceType',
  'timeColumn',
  'titleColumn',
  'value',
] as const;

/** The layers the server runs: shown, named, sourced from a saved chart ('table' or 'line'). */
export function runnableAnnotationLayers(layers: readonly unknown[]): AnnotationLayer[] {
  const out: AnnotationLayer[] = [];
  for (const layer of layers) {
    if (!isRecord(layer)) continue;
    if (layer.show === false || layer.annotationType === 'FORMULA') continue;
    if (layer.sourceType !== 'table' && layer.sourceType !== 'line') continue;
    if (typeof layer.name !== 'string' || layer.name === '') continue;
    const picked: Record<string, unknown> = { show: true };
    for (const field of KEY_FIELDS) if (layer[field] !== undefined) picked[field] = layer[field];
    out.push(picked as unknown as AnnotationLayer);
  }
  return out;
}

/** A positive integer id, given as a number or as digits; null otherwise. */
function positiveId(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d+$/.test(value) && Number(value) > 0) return Number(value);
  return null;
}

/** A layer's saved chart id, or null when `value` is not one. */
export function annotationSliceId(layer: AnnotationLayer): number | null {
  return positiveId(layer.value);
}

/** A native layer of a query: the name its annotations are answered under, and the layer's id. */
export interface NativeAnnotationLayer {
  name: string;
  layerId: number;
}

/**
 * The native layers the server answers (Superset's get_native_annotation_data): shown, named, of
 * `sourceType` 'NATIVE' with a layer id in `value`. They are read fresh on every request, not cached
 * with the chart's data, so an annotation added or edited shows at once.
 */
export function nativeAnnotationLayers(layers: readonly unknown[]): NativeAnnotationLayer[] {
  const out: NativeAnnotationLayer[] = [];
  for (const layer of layers) {
    if (!isRecord(layer) || layer.show === false || layer.sourceType !== 'NATIVE') continue;
    if (layer.annotationType === 'FORMULA') continue;
    const layerId = positiveId(layer.value);
    if (typeof layer.name !== 'string' || layer.name === '' || layerId === null) continue;
    out.push({ name: layer.name, layerId });
  }
  return out;
}

export interface AnnotatedQuery {
  time_range: string | null;
  time_grain_sqla: string | null;
}

/**
 * The source chart's query context with the layer's overrides applied (Superset's
 * get_viz_annotation_data): `time_range` replaces every query's time range and TEMPORAL_RANGE filter
 * values, `time_grain_sqla` every query's grain; an override of null takes the annotated query's value.
 * Overrides of other keys are form-data matters the saved query context already settled.
 */
export function applyAnnotationOverrides(
  context: unknown,
  layer: AnnotationLayer,
  annotated: AnnotatedQuery,
): unknown {
  const overrides = layer.overrides;
  if (!isRecord(context) || !Array.isArray(context.queries) || !overrides) return context;
  const pick = (key: 'time_range' | 'time_grain_sqla'): string | null | undefined => {
    if (!Object.hasOwn(overrides, key)) return undefined;
    const value = overrides[key];
    return typeof value === 'string' && value !== '' ? value : annotated[key];
  };
  const timeRange = pick('time_range');
  const grain = pick('time_grain_sqla');
  const queries = context.queries.map((query: unknown) => {
    if (!isRecord(query)) return query;
    const next: Record<string, unknown> = { ...query };
    if (timeRange) {
      next.time_range = timeRange;
      if (Array.isArray(query.filters)) {
        next.filters = query.filters.map((filter: unknown) =>
          isRecord(filter) && filter.op === 'TEMPORAL_RANGE' ? { ...filter, val: timeRange } : filter,
        );
      }
    }
    if (grain) next.extras = { ...(isRecord(query.extras) ? query.extras : {}), time_grain_sqla: grain };
    return next;
  });
  return { ...context, queries };
}
