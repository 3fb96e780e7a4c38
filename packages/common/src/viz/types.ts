/**
 * The contract every chart type implements (DESIGN §3.4): one folder per type in `common/viz/<type>/`
 * with metadata, controlPanel, buildQuery, transformProps and migrate. Everything here is pure, so the
 * server builds a saved chart's query without a browser and the web app draws from transformProps alone.
 */
import type { LanguageCode } from '../api/security.ts';
import type { QueryContext, QueryFilter, QueryMetric } from '../query/types.ts';
import type { VizType } from './registry.ts';
import type { CrossFilterRule } from './shared/crossFilterTarget.ts';

/**
 * Chart types by Superset's `viz_type` names (so saved form data and links from Superset keep working):
 * the keys of the one registry (viz/registry.ts), so a type exists exactly when its folder is registered.
 */
export type { VizType };

/** The version of form data this code writes; older saved form data is upgraded by the migrate chain. */
export const FORM_DATA_VERSION = 1;

/**
 * Explore's form data: the chart's whole configuration. `datasource` is `"<id>__<type>"` as Superset
 * writes it. Control values live under their control names; unknown keys are kept as they are.
 */
export interface FormData {
  datasource: string;
  viz_type: VizType;
  slice_id?: number;
  /** Absent in form data saved by Superset or before versioning: treated as 0. */
  form_data_version?: number;
  adhoc_filters?: AdhocFilter[];
  [control: string]: unknown;
}

/** An adhoc filter as explore stores it (Superset's shape); buildQuery turns it into query filters. */
export type AdhocFilter =
  | {
      expressionType: 'SIMPLE';
      clause: 'WHERE' | 'HAVING';
      subject: string;
      operator: string;
      /** Superset's operatorId (e.g. 'TEMPORAL_RANGE', 'IN'), kept when present. */
      operatorId?: string;
      comparator?: unknown;
      isExtra?: boolean;
      filterOptionName?: string;
    }
  | {
      expressionType: 'SQL';
      clause: 'WHERE' | 'HAVING';
      sqlExpression: string;
      filterOptionName?: string;
    };

/** Categories of the chart-type gallery. */
export const VIZ_CATEGORIES = [
  'table',
  'kpi',
  'evolution',
  'distribution',
  'partOfWhole',
  'ranking',
  'correlation',
  'flow',
  'map',
] as const;
export type VizCategory = (typeof VIZ_CATEGORIES)[number];

/** How the web app draws a type: the generic ECharts renderer, or a component of its own in web/viz. */
export type VizRenderer = 'echarts' | 'table' | 'pivotTable' | 'bigNumber' | 'popKpi';

/**
 * The gallery's pictures: a type names one (several types may share a picture). Every key has an icon in
 * web's table, so a type can only name a picture that exists and must name one.
 */
export const VIZ_ICON_KEYS = [
  'table',
  'pivotTable',
  'number',
  'trend',
  'line',
  'bar',
  'area',
  'scatter',
  'smoothLine',
  'mixed',
  'pie',
  'funnel',
  'gauge',
  'heatmap',
  'boxPlot',
  'treemap',
  'sunburst',
  'flow',
  'cloud',
  'map',
] as const;
export type VizIconKey = (typeof VIZ_ICON_KEYS)[number];

/**
 * What a chart can do beyond drawing: `interactiveChart` emits cross-filters on dashboards (its plugin then
 * has a crossFilterTarget); `drillToDetail` offers "Drill to detail" in the dashboard chart's menu.
 */
export type ChartBehavior = 'interactiveChart' | 'drillToDetail';

/** The annotation layer kinds whose data a saved chart of a type can provide (Superset's names). */
export type AnnotationSourceKind = 'EVENT' | 'INTERVAL' | 'TIME_SERIES';

export interface ChartMetadata {
  /** i18n key of the type's name, e.g. 'viz.types.pie.name'. */
  nameKey: string;
  /** i18n key of one sentence describing what the chart is good for. */
  descriptionKey: string;
  category: VizCategory;
  /** Search words for the gallery (English; names in both languages are searched too). */
  tags: string[];
  icon: VizIconKey;
  renderer: VizRenderer;
  behaviors: readonly ChartBehavior[];
  /** Annotation layers that may take their data from a saved chart of this type (empty: none). */
  canBeAnnotationTypes: readonly AnnotationSourceKind[];
}

/** A subtree of i18n texts (plain JSON: strings and nested objects). */
export interface MessageTree {
  [key: string]: string | MessageTree;
}

/**
 * A type's own texts, kept in its folder and merged under `viz.types.<namespace>` of the catalogues
 * (i18n/appCatalogues.ts), so the keys stay e.g. 'viz.types.pie.name'.
 */
export interface ChartTypeMessages {
  namespace: string;
  en: MessageTree;
  ru: MessageTree;
}

/**
 * A chart of the type over the example `sales` dataset (columns order_ts, region, country, city, channel,
 * unit_price; metrics revenue, orders, profit, margin): the server creates it as an example chart and the
 * journeys draw it, so both show every type with the same form data.
 */
export interface ChartExample {
  name: { en: string; ru: string };
  /** Another example dataset's table when `sales` has no columns the type needs (coordinates). */
  dataset?: 'airports';
  /** Form data without datasource and viz_type, which the user of the example fills in. */
  params: Record<string, unknown>;
}

// ─── Controls ────────────────────────────────────────────────────────────────────────────────────

/** The control kinds explore can render; each is one component in web/features/explore/controls. */
export const CONTROL_TYPES = [
  'MetricsControl',
  'MetricControl',
  'GroupByControl',
  'ColumnControl',
  'TemporalColumnControl',
  'AdhocFilterControl',
  'TimeRangeControl',
  'TimeGrainControl',
  'SelectControl',
  'CheckboxControl',
  'TextControl',
  'NumberControl',
  'BoundsControl',
  'SliderControl',
  'TextAreaControl',
  'ColorSchemeControl',
  'ColorPickerControl',
  'RadioButtonControl',
  'NumberFormatControl',
  'TimeFormatControl',
  'CurrencyControl',
  'AnnotationLayerControl',
  'ConditionalFormattingControl',
  'ColumnConfigControl',
] as const;
export type ControlType = (typeof CONTROL_TYPES)[number];

/** A validation failure as data: an i18n key (under `validation.`) and its interpolation values. */
export interface ValidationMessage {
  key: string;
  params?: Record<string, string | number>;
}

export type Validator = (value: unknown, formData: FormData) => ValidationMessage | null;

/** A choice of a select: its value and either an i18n key or a literal label (d3 patterns, numbers). */
export interface ControlChoice {
  value: string | number | boolean | null;
  labelKey?: string;
  label?: string;
}

export interface ControlConfig {
  name: string;
  type: ControlType;
  labelKey: string;
  descriptionKey?: string;
  default?: unknown;
  choices?: readonly ControlChoice[];
  /** A select that also accepts values not among its choices (formats, limits). */
  freeForm?: boolean;
  multi?: boolean;
  clearable?: boolean;
  min?: number;
  max?: number;
  step?: number;
  validators?: readonly Validator[];
  /** Shown only when this holds for the current form data (other controls' values). */
  visibility?: (formData: FormData) => boolean;
  /** Changing it only redraws (transformProps); it does not re-run the query. */
  renderTrigger?: boolean;
}

export interface ControlPanelSection {
  /** i18n key of the section title, e.g. 'viz.sections.query'. */
  labelKey: string;
  expanded: boolean;
  /** Rows of controls; a row of two shows them side by side. */
  controlRows: ControlConfig[][];
}

export interface ControlPanelConfig {
  sections: ControlPanelSection[];
}

// ─── Data and rendering ──────────────────────────────────────────────────────────────────────────

export interface BuildQueryOptions {
  /** State a chart keeps for itself (table: current page, page size, search, sort). */
  ownState?: Record<string, unknown>;
}

/** One entry of `POST /api/v1/chart/data`'s `result[]` as transformProps reads it. */
export interface ChartDataResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  /** GenericDataType per column: 0 NUMERIC, 1 STRING, 2 TEMPORAL, 3 BOOLEAN. */
  coltypes: number[];
  rowcount: number;
  sql_rowcount?: number;
  from_dttm?: number | null;
  to_dttm?: number | null;
  annotation_data?: Record<string, unknown>;
  [key: string]: unknown;
}

/** What a chart needs to know of its dataset: names, verbose names in the UI language, formats. */
export interface DatasourceMeta {
  id: number;
  type: string;
  columns: Array<{
    column_name: string;
    verbose_name: string | null;
    type_generic: number | null;
    is_dttm: boolean;
  }>;
  metrics: Array<{
    metric_name: string;
    verbose_name: string | null;
    d3format: string | null;
    currency: { symbol: string; symbolPosition: string } | null;
  }>;
  /** column or metric name → its label in the UI language. */
  verboseMap: Record<string, string>;
}

export interface ChartProps {
  formData: FormData;
  queriesData: ChartDataResult[];
  width: number;
  height: number;
  datasource: DatasourceMeta;
  locale: LanguageCode;
  /** Dashboard colour assignments (json_metadata label_colors/shared_label_colors), label → colour. */
  labelColors?: Record<string, string>;
  ownState?: Record<string, unknown>;
  /** The server's Mapbox access token (MAPBOX_API_KEY) when it has one: the MapBox chart's background. */
  mapboxApiKey?: string;
}

/**
 * What transformProps gives the web app. 'echarts' carries a complete ECharts option (with formatter
 * functions where needed); the others carry the props of their own component in web/viz.
 */
export type RenderProps =
  | { renderer: 'echarts'; option: Record<string, unknown>; width: number; height: number }
  | { renderer: 'table'; props: Record<string, unknown>; width: number; height: number }
  | { renderer: 'pivotTable'; props: Record<string, unknown>; width: number; height: number }
  | { renderer: 'bigNumber'; props: Record<string, unknown>; width: number; height: number }
  | { renderer: 'popKpi'; props: Record<string, unknown>; width: number; height: number };

/**
 * One chart type. `T` is its viz_type name; it defaults to the registered names, and a test fixture may
 * register a name of its own through createChartRegistry.
 */
export interface ChartPlugin<T extends string = VizType> {
  vizType: T;
  metadata: ChartMetadata;
  controlPanel: ControlPanelConfig;
  buildQuery: (formData: FormData, options?: BuildQueryOptions) => QueryContext;
  transformProps: (props: ChartProps) => RenderProps;
  /** Upgrades this type's form data from `form_data_version` n to n + 1 for every step up to the current. */
  migrate: (formData: FormData) => FormData;
  messages: ChartTypeMessages;
  example: ChartExample;
  /** What a click on the chart cross-filters by; present exactly when metadata.behaviors has interactiveChart. */
  crossFilterTarget?: CrossFilterRule;
}

/** Re-exported for chart folders: the query pieces they build. */
export type { QueryContext, QueryFilter, QueryMetric };
