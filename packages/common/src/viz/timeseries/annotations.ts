/**
 * Annotation layers as Superset's form data stores them (`annotation_layers`), which of them the query
 * asks the server for, and how each type is drawn: FORMULA as a line computed for every x, EVENT as
 * vertical mark lines, INTERVAL as shaded mark areas, TIME_SERIES as extra lines from a saved chart.
 */
import type { FormData } from '../types.ts';
import { compileFormula, evaluateFormula, FormulaError } from './formula.ts';

export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

export interface AnnotationLayer {
  name: string;
  annotationType: AnnotationType;
  /** '' for FORMULA, 'table' for EVENT / INTERVAL, 'line' for TIME_SERIES, 'NATIVE' for Superset's own layers. */
  sourceType?: string;
  /** The formula text, or the id of the source chart (or native layer). */
  value: string | number;
  show?: boolean;
  showLabel?: boolean;
  showMarkers?: boolean;
  hideLine?: boolean;
  /** '' (opaque), 'opacityLow', 'opacityMedium' or 'opacityHigh'. */
  opacity?: string;
  color?: string | null;
  width?: number;
  /** 'solid', 'dashed', 'dotted' or 'longDashed'. */
  style?: string;
  timeColumn?: string;
  intervalEndColumn?: string;
  titleColumn?: string;
  descriptionColumns?: string[];
  overrides?: Record<string, unknown>;
}

function isLayer(value: unknown): value is AnnotationLayer {
  if (!value || typeof value !== 'object') return false;
  const { name, annotationType } = value as Record<string, unknown>;
  return (
    typeof name === 'string' && (ANNOTATION_TYPES as readonly unknown[]).includes(annotationType as string)
  );
}

/** The chart's annotation layers that are switched on. */
export function visibleAnnotationLayers(formData: FormData): AnnotationLayer[] {
  const layers = Array.isArray(formData.annotation_layers) ? formData.annotation_layers : [];
  return layers.filter(isLayer).filter((layer) => layer.show !== false);
}

/** Layers whose data the server fetches with the chart's first query: all but formulas, drawn here. */
export function annotationLayersToQuery(formData: FormData): AnnotationLayer[] {
  return visibleAnnotationLayers(formData).filter((layer) => layer.annotationType !== 'FORMULA');
}

const OPACITY: Record<string, number> = { opacityLow: 0.2, opacityMedium: 0.5, opacityHigh: 0.8 };

export function annotationOpacity(opacity: string | undefined, fallback = 1): number {
  return opacity && Object.hasOwn(OPACITY, opacity) ? (OPACITY[opacity] as number) : fallback;
}

export function annotationLineType(style: string | undefined): 'solid' | 'dashed' | 'dotted' | number[] {
  if (style === 'dashed' || style === 'dotted') return style;
  if (style === 'longDashed') return [12, 6];
  return 'solid';
}

/** What the server answers for one layer: the source chart's rows (Superset's older {records} too). */
interface AnnotationResult {
  rows: Array<Record<string, unknown>>;
  colnames: string[];
}

function annotationResult(
  annotationData: Record<string, unknown> | undefined,
  name: string,
): AnnotationResult {
  const raw = annotationData?.[name];
  if (!raw || typeof raw !== 'object') return { rows: [], colnames: [] };
  const entry = raw as Record<string, unknown>;
  const rows = (
    Array.isArray(entry.data) ? entry.data : Array.isArray(entry.records) ? entry.records : []
  ).filter((row): row is Record<string, unknown> => !!row && typeof row === 'object');
  const colnames = Array.isArray(entry.colnames)
    ? entry.colnames.map(String)
    : Array.isArray(entry.columns)
      ? entry.columns.map(String)
      : Object.keys(rows[0] ?? {});
  return { rows, colnames };
}

export interface RecordAnnotation {
  time: unknown;
  intervalEnd: unknown;
  title: unknown;
  descriptions: unknown[];
}

/** Native (Superset) layers answer with fixed columns; table layers name theirs in the layer. */
function recordColumns(layer: AnnotationLayer) {
  const native = layer.sourceType === 'NATIVE';
  return {
    time: layer.timeColumn || (native ? 'start_dttm' : ''),
    intervalEnd: layer.intervalEndColumn || (native ? 'end_dttm' : ''),
    title: layer.titleColumn || (native ? 'short_descr' : ''),
    descriptions: layer.descriptionColumns?.length ? layer.descriptionColumns : native ? ['long_descr'] : [],
  };
}

export function recordAnnotations(
  layer: AnnotationLayer,
  annotationData: Record<string, unknown> | undefined,
): RecordAnnotation[] {
  const { rows } = annotationResult(annotationData, layer.name);
  const columns = recordColumns(layer);
  return rows.map((row) => ({
    time: row[columns.time],
    intervalEnd: row[columns.intervalEnd],
    title: row[columns.title],
    descriptions: columns.descriptions.map((column) => row[column]),
  }));
}

/** Superset's label: 'layer - title', then the non-empty descriptions. */
export function annotationLabel(layerName: string, title: unknown, descriptions: unknown[]): string {
  const heading = [layerName, title].filter((part) => part !== null && part !== undefined && part !== '');
  const details = descriptions.filter((part) => part !== null && part !== undefined && part !== '');
  return [heading.join(' - '), details.join('\n')].filter(Boolean).join('\n\n');
}

export interface AnnotationContext {
  /** x values of the chart, in order (epoch ms on a time axis). */
  xValues: unknown[];
  annotationData: Record<string, unknown> | undefined;
  color: (name: string) => string;
  markerSize: number;
  horizontal: boolean;
}

type Series = Record<string, unknown>;

function lineStyle(layer: AnnotationLayer, color: string, fallbackOpacity = 1) {
  return {
    color,
    type: annotationLineType(layer.style),
    width: layer.width ?? 1,
    opacity: annotationOpacity(layer.opacity, fallbackOpacity),
  };
}

function formulaSeries(layer: AnnotationLayer, context: AnnotationContext): Series {
  let evaluate: ReturnType<typeof compileFormula>;
  try {
    evaluate = compileFormula(String(layer.value));
  } catch (error) {
    if (error instanceof FormulaError)
      throw new FormulaError(`Annotation layer "${layer.name}": ${error.message}`);
    throw error;
  }
  const color = layer.color || context.color(layer.name);
  const data = context.xValues.map((x) => {
    const value = typeof x === 'number' ? evaluateFormula(evaluate, x) : null;
    return context.horizontal ? [value, x] : [x, value];
  });
  return {
    id: `formula:${layer.name}`,
    name: layer.name,
    type: 'line',
    smooth: true,
    showSymbol: false,
    symbolSize: 0,
    itemStyle: { color },
    lineStyle: lineStyle(layer, color),
    data,
  };
}

/** A mark's label: always shown with showLabel, else shown on hover (emphasis). */
function markLabel(layer: AnnotationLayer, color: string, position: string) {
  const formatter = (params: { name?: string }) => params.name ?? '';
  return {
    label: {
      show: !!layer.showLabel,
      color,
      position,
      formatter,
      ...(layer.showLabel ? { fontWeight: 'bold' } : {}),
    },
    emphasis: { label: { show: true, fontWeight: 'bold' } },
  };
}

function eventSeries(layer: AnnotationLayer, context: AnnotationContext): Series[] {
  const color = layer.color || context.color(layer.name);
  const axis = context.horizontal ? 'yAxis' : 'xAxis';
  return recordAnnotations(layer, context.annotationData)
    .filter((annotation) => annotation.time !== null && annotation.time !== undefined)
    .map((annotation) => {
      const label = annotationLabel(layer.name, annotation.title, annotation.descriptions);
      return {
        id: `event:${layer.name}:${label}:${String(annotation.time)}`,
        type: 'line',
        animation: false,
        data: [],
        markLine: {
          silent: false,
          symbol: 'none',
          lineStyle: lineStyle(layer, color),
          ...markLabel(layer, color, 'insideEndTop'),
          data: [{ name: label, [axis]: annotation.time }],
        },
      };
    });
}

function intervalSeries(layer: AnnotationLayer, context: AnnotationContext): Series[] {
  const color = layer.color || context.color(layer.name);
  const axis = context.horizontal ? 'yAxis' : 'xAxis';
  return recordAnnotations(layer, context.annotationData)
    .filter((annotation) => annotation.time !== null && annotation.time !== undefined)
    .map((annotation) => {
      const label = annotationLabel(layer.name, annotation.title, annotation.descriptions);
      const end = annotation.intervalEnd ?? annotation.time;
      return {
        id: `interval:${layer.name}:${label}:${String(annotation.time)}`,
        type: 'line',
        animation: false,
        data: [],
        markArea: {
          silent: false,
          itemStyle: { color, opacity: annotationOpacity(layer.opacity, 0.5) },
          ...markLabel(layer, color, 'insideTop'),
          data: [[{ name: label, [axis]: annotation.time }, { [axis]: end }]],
        },
      };
    });
}

/** Superset's older answer for a time-series layer: [{key, values: [{x, y}]}]. */
function legacyTimeseries(raw: unknown): Array<{ name: string; points: Array<[unknown, unknown]> }> | null {
  if (!Array.isArray(raw)) return null;
  return raw
    .filter((entry) => entry && typeof entry === 'object' && Array.isArray(entry.values))
    .map((entry) => ({
      name: String(entry.key),
      points: (entry.values as Array<{ x: unknown; y: unknown }>).map((point) => [point.x, point.y]),
    }));
}

/** One line per value column of the source chart's rows (the first column holds x). */
function timeseriesLines(layer: AnnotationLayer, context: AnnotationContext) {
  const legacy = legacyTimeseries(context.annotationData?.[layer.name]);
  if (legacy) return legacy;
  const { rows, colnames } = annotationResult(context.annotationData, layer.name);
  const [xColumn, ...valueColumns] = colnames;
  if (xColumn === undefined) return [];
  return valueColumns.map((column) => ({
    name: valueColumns.length === 1 ? layer.name : `${layer.name}, ${column}`,
    points: rows.map((row) => [row[xColumn], row[column]] as [unknown, unknown]),
  }));
}

function timeseriesSeries(layer: AnnotationLayer, context: AnnotationContext): Series[] {
  const color = layer.color || context.color(layer.name);
  return timeseriesLines(layer, context).map(({ name, points }) => ({
    id: `timeseries:${layer.name}:${name}`,
    name,
    type: 'line',
    showSymbol: !!layer.showMarkers,
    symbolSize: layer.showMarkers ? context.markerSize : 0,
    itemStyle: { color },
    lineStyle: { ...lineStyle(layer, color), width: layer.hideLine ? 0 : (layer.width ?? 1) },
    data: points.map(([x, y]) => (context.horizontal ? [y, x] : [x, y])),
  }));
}

/** Every visible layer's series. A formula that does not parse throws a FormulaError naming the layer. */
export function annotationSeries(formData: FormData, context: AnnotationContext): Series[] {
  return visibleAnnotationLayers(formData).flatMap((layer) => {
    switch (layer.annotationType) {
      case 'FORMULA':
        return [formulaSeries(layer, context)];
      case 'EVENT':
        return eventSeries(layer, context);
      case 'INTERVAL':
        return intervalSeries(layer, context);
      case 'TIME_SERIES':
        return timeseriesSeries(layer, context);
    }
    return [];
  });
}

/** Names that appear in the legend: formula and time-series layers draw lines of their own. */
export function annotationLegendNames(series: Series[]): string[] {
  return series
    .filter((entry) => String(entry.id).startsWith('formula:') || String(entry.id).startsWith('timeseries:'))
    .map((entry) => String(entry.name));
}
