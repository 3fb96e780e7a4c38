/**
 * The dataset panel's items: columns and metrics with their labels in the UI language (the verbose
 * name, else the name), their type, certification and warning, filtered by the search text.
 */
import type { ExploreDataset } from '@vitrina/common';
import { localizedName } from '../../../components/localizedName.ts';

export type ColumnKind = 'numeric' | 'string' | 'temporal' | 'boolean' | 'unknown';

export interface PanelItem {
  kind: 'column' | 'metric';
  /** column_name or metric_name: what a drop puts into a control. */
  name: string;
  /** What the panel shows. */
  label: string;
  columnKind: ColumnKind | null;
  /** The database type (columns) or the SQL expression (metrics), for the tooltip. */
  detail: string | null;
  description: string | null;
  certified: boolean;
  certifiedBy: string | null;
  certificationDetails: string | null;
  warning: string | null;
}

/** GenericDataType: 0 NUMERIC, 1 STRING, 2 TEMPORAL, 3 BOOLEAN; a dttm flag wins. */
export function columnKind(typeGeneric: number | null, isDttm: boolean): ColumnKind {
  if (isDttm || typeGeneric === 2) return 'temporal';
  if (typeGeneric === 0) return 'numeric';
  if (typeGeneric === 1) return 'string';
  if (typeGeneric === 3) return 'boolean';
  return 'unknown';
}

function label(name: string, verbose: string | null, verboseRu: string | null, language: string): string {
  const localized = localizedName(verbose, verboseRu, language).trim();
  return localized || name;
}

export function panelItems(
  dataset: ExploreDataset,
  language: string,
): { columns: PanelItem[]; metrics: PanelItem[] } {
  const metrics = dataset.metrics.map<PanelItem>((metric) => ({
    kind: 'metric',
    name: metric.metric_name,
    label: label(metric.metric_name, metric.verbose_name, metric.verbose_name_ru, language),
    columnKind: null,
    detail: metric.expression,
    description: metric.description,
    certified: Boolean(metric.certified_by),
    certifiedBy: metric.certified_by,
    certificationDetails: metric.certification_details,
    warning: metric.warning_text,
  }));
  const columns = dataset.columns.map<PanelItem>((column) => ({
    kind: 'column',
    name: column.column_name,
    label: label(column.column_name, column.verbose_name, column.verbose_name_ru, language),
    columnKind: columnKind(column.type_generic, column.is_dttm),
    detail: column.expression || column.type,
    description: column.description,
    certified: column.is_certified || Boolean(column.certified_by),
    certifiedBy: column.certified_by,
    certificationDetails: null,
    warning: column.warning_text,
  }));
  return { columns, metrics };
}

function normalize(text: string): string {
  return text.toLocaleLowerCase().replace(/ё/g, 'е');
}

/** Items whose name or shown label contains the text. */
export function filterItems(items: readonly PanelItem[], search: string): PanelItem[] {
  const needle = normalize(search.trim());
  if (!needle) return [...items];
  return items.filter(
    (item) => normalize(item.name).includes(needle) || normalize(item.label).includes(needle),
  );
}
