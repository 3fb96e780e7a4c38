import type { DatasetColumnInput, DatasetMetricInput } from '@vitrina/common';
import type { Updateable } from 'kysely';
import type { dialectOfDatabase } from '../../connections/databaseSource.ts';
import type { DatasetColumnsTable, DatasetMetricsTable } from '../../platform/metastore/schema.ts';
import { trimOrNull } from './fields.ts';
import * as repo from './repo.ts';
import { genericTypeOf } from './source.ts';

/** The row changes a PUT's column and metric items (and `extra`) map to. */

type ColumnChanges = Updateable<DatasetColumnsTable>;
type MetricChanges = Updateable<DatasetMetricsTable>;

/** Certification and warning given in `extra` (Superset's place) or as fields (Vitrina's columns). */
export function splitExtra(
  extraText: string | null | undefined,
  keepWarning = false,
): {
  extra: string | undefined;
  certifiedBy?: string | null;
  details?: string | null;
  warning?: string | null;
} {
  if (extraText === undefined) return { extra: undefined };
  const extra = repo.parseExtra(extraText);
  const result: ReturnType<typeof splitExtra> = { extra: '{}' };
  if ('certification' in extra) {
    const certification = extra.certification as { certified_by?: unknown; details?: unknown } | null;
    result.certifiedBy = typeof certification?.certified_by === 'string' ? certification.certified_by : null;
    result.details = typeof certification?.details === 'string' ? certification.details : null;
    delete extra.certification;
  }
  if ('warning_markdown' in extra && !keepWarning) {
    result.warning = typeof extra.warning_markdown === 'string' ? extra.warning_markdown : null;
    delete extra.warning_markdown;
  }
  result.extra = JSON.stringify(extra);
  return result;
}

export function columnChanges(
  input: DatasetColumnInput,
  dialect: ReturnType<typeof dialectOfDatabase>,
): ColumnChanges {
  const changes: ColumnChanges = {};
  const set = <K extends keyof ColumnChanges>(key: K, value: ColumnChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  const bool = (value: boolean | undefined) => (value === undefined ? undefined : value ? 1 : 0);
  set('column_name', input.column_name.trim());
  set('verbose_name', input.verbose_name);
  set('verbose_name_ru', input.verbose_name_ru);
  if (input.type !== undefined) {
    set('type', input.type);
    const generic = genericTypeOf(dialect, input.type);
    set('type_generic', generic === null ? null : String(generic));
  }
  set('expression', input.expression === undefined ? undefined : trimOrNull(input.expression));
  set('description', input.description);
  set('description_ru', input.description_ru);
  set('is_dttm', bool(input.is_dttm));
  set('groupby', bool(input.groupby));
  set('filterable', bool(input.filterable));
  set('is_active', bool(input.is_active));
  set('python_date_format', input.python_date_format);
  set('advanced_data_type', input.advanced_data_type);
  set('is_certified', bool(input.is_certified));
  const split = splitExtra(input.extra);
  set('extra', split.extra);
  set('certified_by', input.certified_by !== undefined ? input.certified_by : split.certifiedBy);
  set('warning_text', input.warning_text !== undefined ? input.warning_text : split.warning);
  return changes;
}

export function metricChanges(input: DatasetMetricInput): MetricChanges {
  const changes: MetricChanges = {};
  const set = <K extends keyof MetricChanges>(key: K, value: MetricChanges[K] | undefined) => {
    if (value !== undefined) changes[key] = value;
  };
  set('metric_name', input.metric_name.trim());
  set('expression', input.expression?.trim());
  set('verbose_name', input.verbose_name);
  set('verbose_name_ru', input.verbose_name_ru);
  set('metric_type', input.metric_type);
  set('d3format', input.d3format);
  if (input.currency !== undefined) {
    set(
      'currency',
      input.currency === null || input.currency === ''
        ? null
        : typeof input.currency === 'string'
          ? input.currency
          : JSON.stringify(input.currency),
    );
  }
  set('description', input.description);
  set('description_ru', input.description_ru);
  const split = splitExtra(input.extra);
  set('extra', split.extra);
  set('warning_text', input.warning_text !== undefined ? input.warning_text : split.warning);
  set('certified_by', input.certified_by !== undefined ? input.certified_by : split.certifiedBy);
  set(
    'certification_details',
    input.certification_details !== undefined ? input.certification_details : split.details,
  );
  return changes;
}
