import {
  type AdhocMetric,
  AGGREGATES,
  type Aggregate,
  type ExploreDataset,
  parseMetricExpression,
  type QueryMetric,
} from '@vitrina/common';
import {
  type DatasetColumn,
  findColumn,
  findMetric,
  isNumeric,
  metricTitle,
} from '../shared/datasetNames.ts';

/** The tabs of the metric editor, as Superset names its expression types. */
export type MetricTab = 'SAVED' | 'SIMPLE' | 'SQL';

/** What the metric editor holds while the user edits. */
export interface MetricDraft {
  tab: MetricTab;
  savedMetric: string | null;
  column: string | null;
  aggregate: Aggregate | null;
  sqlExpression: string;
  /** The label typed by the user; empty means the default label. */
  customLabel: string;
  optionName: string;
}

/** Superset shortens long default labels to 40 characters and an ellipsis. */
const LABEL_LIMIT = 43;

export function newOptionName(prefix = 'metric'): string {
  const part = () => Math.random().toString(36).slice(2, 13);
  return `${prefix}_${part()}_${part()}`;
}

/** The label Superset gives an adhoc metric without a custom one: `SUM(revenue)`, or the SQL. */
export function defaultMetricLabel(
  draft: Pick<MetricDraft, 'tab' | 'column' | 'aggregate' | 'sqlExpression'>,
) {
  const label =
    draft.tab === 'SQL' ? draft.sqlExpression.trim() : `${draft.aggregate ?? ''}(${draft.column ?? ''})`;
  return label.length < LABEL_LIMIT ? label : `${label.slice(0, 40)}...`;
}

/** The aggregate a dropped column starts with: a sum of numbers, a distinct count of anything else. */
export function defaultAggregate(column: DatasetColumn | undefined): Aggregate {
  return isNumeric(column) ? 'SUM' : 'COUNT_DISTINCT';
}

/** The editor's starting state for an existing metric, or a new one (seeded by a dropped column). */
export function metricDraft(
  metric: QueryMetric | null,
  datasource: ExploreDataset,
  seedColumn?: string,
): MetricDraft {
  const blank: MetricDraft = {
    tab: datasource.metrics.length > 0 && !seedColumn ? 'SAVED' : 'SIMPLE',
    savedMetric: null,
    column: null,
    aggregate: null,
    sqlExpression: '',
    customLabel: '',
    optionName: newOptionName(),
  };
  if (metric === null) {
    if (!seedColumn) return blank;
    return {
      ...blank,
      tab: 'SIMPLE',
      column: seedColumn,
      aggregate: defaultAggregate(findColumn(datasource, seedColumn)),
    };
  }
  if (typeof metric === 'string') return { ...blank, tab: 'SAVED', savedMetric: metric };
  const common = {
    ...blank,
    customLabel: metric.hasCustomLabel ? metric.label : '',
    optionName: metric.optionName ?? blank.optionName,
  };
  if (metric.expressionType === 'SQL') return { ...common, tab: 'SQL', sqlExpression: metric.sqlExpression };
  return {
    ...common,
    tab: 'SIMPLE',
    column: metric.column.column_name,
    aggregate: (AGGREGATES as readonly string[]).includes(metric.aggregate) ? metric.aggregate : null,
  };
}

/**
 * Moving between the Simple and Custom SQL tabs carries the metric over: Simple → SQL writes
 * `AGG(column)` into an empty editor; SQL → Simple reads an expression of the metric pattern
 * (`SUM(revenue)`, `DOUBLESUM("revenue")`) back into aggregate and column, when the column exists.
 */
export function switchMetricTab(draft: MetricDraft, tab: MetricTab, datasource: ExploreDataset): MetricDraft {
  if (
    tab === 'SQL' &&
    draft.tab === 'SIMPLE' &&
    !draft.sqlExpression.trim() &&
    draft.aggregate &&
    draft.column
  )
    return { ...draft, tab, sqlExpression: `${draft.aggregate}(${draft.column})` };
  if (tab === 'SIMPLE' && draft.tab === 'SQL') {
    const parts = parseMetricExpression(draft.sqlExpression);
    if (parts && findColumn(datasource, parts.column))
      return { ...draft, tab, aggregate: parts.aggregate, column: parts.column };
  }
  return { ...draft, tab };
}

/** The metric the draft describes, or null while it is incomplete (Save stays disabled). */
export function buildMetric(draft: MetricDraft, datasource: ExploreDataset): QueryMetric | null {
  const customLabel = draft.customLabel.trim();
  const label = customLabel || defaultMetricLabel(draft);
  const labelling = { label, hasCustomLabel: customLabel !== '', optionName: draft.optionName };
  switch (draft.tab) {
    case 'SAVED':
      return draft.savedMetric;
    case 'SIMPLE': {
      if (!draft.column || !draft.aggregate) return null;
      const column = findColumn(datasource, draft.column);
      return {
        expressionType: 'SIMPLE',
        column: { column_name: draft.column, type: column?.type ?? null },
        aggregate: draft.aggregate,
        ...labelling,
      };
    }
    case 'SQL':
      if (!draft.sqlExpression.trim()) return null;
      return { expressionType: 'SQL', sqlExpression: draft.sqlExpression.trim(), ...labelling };
  }
}

/** A metric's text on its chip: a saved metric's verbose name, an adhoc metric's label. */
export function metricChipLabel(metric: QueryMetric, datasource: ExploreDataset, language: string): string {
  if (typeof metric === 'string') {
    const saved = findMetric(datasource, metric);
    return saved ? metricTitle(saved, language) : metric;
  }
  return (metric as AdhocMetric).label || defaultMetricLabel(metricDraft(metric, datasource));
}
