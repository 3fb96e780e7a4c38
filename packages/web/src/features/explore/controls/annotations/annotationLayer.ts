/**
 * Annotation layers as Superset stores them in `annotation_layers`: a formula drawn over the x-axis,
 * events / intervals from a native annotation layer (`/annotationlayer/list/`) or from a saved table
 * chart, or a time series from a saved line chart. Formulas are checked with the evaluator the charts
 * draw them with (common/viz/timeseries/formula).
 */
import { chartRegistry } from '@vitrina/common/viz/registry';
import { compileFormula } from '@vitrina/common/viz/timeseries/formula';

export const ANNOTATION_TYPES = ['FORMULA', 'EVENT', 'INTERVAL', 'TIME_SERIES'] as const;
export type AnnotationType = (typeof ANNOTATION_TYPES)[number];

export const LINE_STYLES = ['solid', 'dashed', 'longDashed', 'dotted'] as const;
export type LineStyle = (typeof LINE_STYLES)[number];

export const OPACITIES = ['', 'opacityLow', 'opacityMedium', 'opacityHigh'] as const;
export type Opacity = (typeof OPACITIES)[number];

/**
 * Where a layer's data comes from: nothing (formula), a native annotation layer ('NATIVE', its id in
 * `value`), a table chart, or a line chart.
 */
export type SourceType = '' | 'NATIVE' | 'table' | 'line';
export type ChartSourceType = 'table' | 'line';

export function isChartSource(sourceType: SourceType): sourceType is ChartSourceType {
  return sourceType === 'table' || sourceType === 'line';
}

export interface AnnotationLayer {
  name: string;
  annotationType: AnnotationType;
  sourceType: SourceType;
  /** The formula text, or the source chart's id. */
  value: string | number | null;
  /** Which of this chart's settings the source chart's query takes over (null = this chart's value). */
  overrides: Record<string, unknown>;
  show: boolean;
  showLabel: boolean;
  showMarkers: boolean;
  hideLine: boolean;
  titleColumn: string;
  descriptionColumns: string[];
  timeColumn: string;
  intervalEndColumn: string;
  /** Hex colour; null draws with the chart's next colour. */
  color: string | null;
  opacity: Opacity;
  style: LineStyle;
  width: number;
}

/**
 * The viz types each source can be (Superset's ANNOTATION_SOURCE_TYPES_METADATA): the types whose
 * metadata says their charts can feed events and intervals (table) or a time series (line).
 */
export const SOURCE_VIZ_TYPES: Record<ChartSourceType, readonly string[]> = {
  table: chartRegistry.annotationSourceTypes('EVENT'),
  line: chartRegistry.annotationSourceTypes('TIME_SERIES'),
};

export function sourceTypeOf(annotationType: AnnotationType): SourceType {
  return sourceTypesOf(annotationType)[0] as SourceType;
}

/** The sources a type can draw from (Superset's getSupportedSourceTypes), the default first. */
export function sourceTypesOf(annotationType: AnnotationType): readonly SourceType[] {
  if (annotationType === 'FORMULA') return [''];
  return annotationType === 'TIME_SERIES' ? ['line'] : ['table', 'NATIVE'];
}

export function newAnnotationLayer(): AnnotationLayer {
  return {
    name: '',
    annotationType: 'FORMULA',
    sourceType: '',
    value: '',
    overrides: { time_range: null },
    show: true,
    showLabel: false,
    showMarkers: false,
    hideLine: false,
    titleColumn: '',
    descriptionColumns: [],
    timeColumn: '',
    intervalEndColumn: '',
    color: null,
    opacity: '',
    style: 'solid',
    width: 1,
  };
}

/** A stored layer with every field present (older or hand-written form data may lack some). */
export function annotationLayerOf(value: unknown): AnnotationLayer {
  const layer = {
    ...newAnnotationLayer(),
    ...(value && typeof value === 'object' ? value : {}),
  } as AnnotationLayer;
  if (!(ANNOTATION_TYPES as readonly string[]).includes(layer.annotationType))
    layer.annotationType = 'FORMULA';
  return layer;
}

/** A layer switched to another type: the source and the value start over. */
export function withType(layer: AnnotationLayer, annotationType: AnnotationType): AnnotationLayer {
  if (annotationType === layer.annotationType) return layer;
  return {
    ...layer,
    annotationType,
    sourceType: sourceTypeOf(annotationType),
    value: annotationType === 'FORMULA' ? '' : null,
    timeColumn: '',
    intervalEndColumn: '',
    titleColumn: '',
    descriptionColumns: [],
  };
}

/** A layer switched to another source: the value and the columns start over. */
export function withSource(layer: AnnotationLayer, sourceType: SourceType): AnnotationLayer {
  if (sourceType === layer.sourceType) return layer;
  return {
    ...layer,
    sourceType,
    value: null,
    timeColumn: '',
    intervalEndColumn: '',
    titleColumn: '',
    descriptionColumns: [],
  };
}

/** Whether a formula parses as an expression of x (`2x + 5`, `sin(x)`, `100`). */
export function isValidFormula(formula: string): boolean {
  if (!formula.trim()) return false;
  try {
    compileFormula(formula);
    return true;
  } catch {
    return false;
  }
}

export type AnnotationProblem = 'name' | 'formula' | 'source' | 'timeColumn' | 'intervalEndColumn';

/** What still stops a layer from being applied (Superset's rules), in the order the form shows them. */
export function annotationProblems(
  layer: AnnotationLayer,
  takenNames: readonly string[],
): AnnotationProblem[] {
  const problems: AnnotationProblem[] = [];
  if (!layer.name.trim() || takenNames.includes(layer.name.trim())) problems.push('name');
  if (layer.annotationType === 'FORMULA') {
    if (!isValidFormula(String(layer.value ?? ''))) problems.push('formula');
    return problems;
  }
  if (layer.value === null || layer.value === '') problems.push('source');
  // A native layer's columns are fixed (start_dttm, end_dttm, short_descr, long_descr).
  if (layer.sourceType === 'NATIVE') return problems;
  if (layer.annotationType !== 'TIME_SERIES' && !layer.timeColumn) problems.push('timeColumn');
  if (layer.annotationType === 'INTERVAL' && !layer.intervalEndColumn) problems.push('intervalEndColumn');
  return problems;
}
