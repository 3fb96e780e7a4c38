/**
 * The dataset editor's draft: made from `GET /api/v1/dataset/{id}`, checked, and turned into the one
 * `PUT /api/v1/dataset/{id}` body. Pure, so it is unit-tested.
 */
import type {
  DatasetColumnInput,
  DatasetDetail,
  DatasetMetricInput,
  DatasetUpdateRequest,
} from '../../api/datasets.ts';
import { type Certification, readCertification, readCurrency, writeCertification } from './datasetExtra.ts';

/** Items carry a local key so rows keep their identity before the server gives them an id. */
export type DraftColumn = DatasetColumnInput & { key: string };
export type DraftMetric = DatasetMetricInput & { key: string };

export interface DatasetDraft {
  table_name: string;
  kind: 'physical' | 'virtual';
  sql: string;
  schema: string;
  description: string;
  description_ru: string;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  template_params: string;
  owners: number[];
  certification: Certification;
  /** The dataset's `extra` as loaded, so keys the editor does not know are kept. */
  extra: string | null;
  columns: DraftColumn[];
  metrics: DraftMetric[];
}

let nextKey = 0;
export function newKey(): string {
  nextKey += 1;
  return `new-${nextKey}`;
}

export function draftFromDataset(dataset: DatasetDetail): DatasetDraft {
  return {
    table_name: dataset.table_name,
    kind: dataset.sql && dataset.sql.trim() !== '' ? 'virtual' : 'physical',
    sql: dataset.sql ?? '',
    schema: dataset.schema ?? '',
    description: dataset.description ?? '',
    description_ru: dataset.description_ru ?? '',
    main_dttm_col: dataset.main_dttm_col ?? null,
    cache_timeout: dataset.cache_timeout ?? null,
    template_params: dataset.template_params ?? '',
    owners: (dataset.owners ?? []).map((owner) => owner.id),
    certification: readCertification(dataset.extra, dataset),
    extra: dataset.extra ?? null,
    columns: (dataset.columns ?? []).map((column) => ({
      ...column,
      key: column.id ? `id-${column.id}` : newKey(),
    })),
    metrics: (dataset.metrics ?? []).map((metric) => ({
      ...metric,
      key: metric.id ? `id-${metric.id}` : newKey(),
    })),
  };
}

export function isCalculated(column: DatasetColumnInput): boolean {
  return Boolean(column.expression && column.expression.trim() !== '');
}

/** A problem that stops the save, as an i18n key with its values. */
export interface DraftProblem {
  key: string;
  values?: Record<string, string>;
}

function isJsonObjectOrEmpty(text: string): boolean {
  if (!text.trim()) return true;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function duplicates(names: string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) repeated.add(name);
    seen.add(name);
  }
  return [...repeated];
}

export function draftProblems(draft: DatasetDraft): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.table_name.trim()) problems.push({ key: 'datasets.editor.problems.tableName' });
  if (draft.kind === 'virtual' && !draft.sql.trim()) problems.push({ key: 'datasets.editor.problems.sql' });
  if (!isJsonObjectOrEmpty(draft.template_params))
    problems.push({ key: 'datasets.editor.problems.templateParams' });
  for (const name of duplicates(draft.columns.map((column) => column.column_name))) {
    problems.push({ key: 'datasets.editor.problems.duplicateColumn', values: { name } });
  }
  for (const name of duplicates(draft.metrics.map((metric) => metric.metric_name))) {
    problems.push({ key: 'datasets.editor.problems.duplicateMetric', values: { name } });
  }
  return problems;
}

function emptyToNull(value: string | null | undefined): string | null {
  return value === undefined || value === null || value.trim() === '' ? null : value;
}

function columnBody(column: DraftColumn): DatasetColumnInput {
  return {
    ...(column.id !== undefined ? { id: column.id } : {}),
    column_name: column.column_name,
    type: emptyToNull(column.type),
    verbose_name: emptyToNull(column.verbose_name),
    verbose_name_ru: emptyToNull(column.verbose_name_ru),
    description: emptyToNull(column.description),
    expression: emptyToNull(column.expression),
    filterable: column.filterable ?? true,
    groupby: column.groupby ?? true,
    is_active: column.is_active ?? true,
    is_dttm: column.is_dttm ?? false,
    python_date_format: emptyToNull(column.python_date_format),
    is_certified: Boolean(column.certified_by?.trim()),
    certified_by: emptyToNull(column.certified_by),
    warning_text: emptyToNull(column.warning_text),
    extra: column.extra ?? null,
  };
}

function metricBody(metric: DraftMetric): DatasetMetricInput {
  return {
    ...(metric.id !== undefined ? { id: metric.id } : {}),
    metric_name: metric.metric_name,
    expression: metric.expression,
    verbose_name: emptyToNull(metric.verbose_name),
    verbose_name_ru: emptyToNull(metric.verbose_name_ru),
    description: emptyToNull(metric.description),
    metric_type: emptyToNull(metric.metric_type),
    d3format: emptyToNull(metric.d3format),
    currency: readCurrency(metric.currency),
    warning_text: emptyToNull(metric.warning_text),
    certified_by: emptyToNull(metric.certified_by),
    certification_details: emptyToNull(metric.certification_details),
    extra: metric.extra ?? null,
  };
}

/** The one PUT body: every field the editor owns; items without an id are created, missing ones deleted. */
export function datasetUpdateRequest(draft: DatasetDraft): DatasetUpdateRequest {
  const columnNames = new Set(draft.columns.map((column) => column.column_name));
  return {
    table_name: draft.table_name.trim(),
    sql: draft.kind === 'virtual' ? draft.sql : null,
    schema: emptyToNull(draft.schema),
    description: emptyToNull(draft.description),
    description_ru: emptyToNull(draft.description_ru),
    main_dttm_col: draft.main_dttm_col && columnNames.has(draft.main_dttm_col) ? draft.main_dttm_col : null,
    cache_timeout: draft.cache_timeout ?? null,
    template_params: emptyToNull(draft.template_params),
    owners: draft.owners,
    extra: writeCertification(draft.extra, draft.certification),
    certified_by: emptyToNull(draft.certification.certifiedBy),
    certification_details: emptyToNull(draft.certification.certifiedBy)
      ? emptyToNull(draft.certification.details)
      : null,
    columns: draft.columns.map(columnBody),
    metrics: draft.metrics.map(metricBody),
  };
}
