/**
 * The table's form data as Superset saves it, read with types: query mode, per-column settings
 * (column_config) and the temporal-column lookup that decides which groupby columns take the time grain.
 */
import type { CurrencyFormat } from '../../api/dataset.ts';
import { columnsOf } from '../shared/query.ts';
import type { FormData } from '../types.ts';

export const QUERY_MODES = ['aggregate', 'raw'] as const;
export type QueryMode = (typeof QUERY_MODES)[number];

/** Superset's rule: an explicit query_mode, else raw when raw columns were chosen, else aggregate. */
export function queryModeOf(formData: FormData): QueryMode {
  const mode = formData.query_mode;
  if (mode === 'aggregate' || mode === 'raw') return mode;
  return columnsOf(formData, 'all_columns').length > 0 ? 'raw' : 'aggregate';
}

export const HORIZONTAL_ALIGNS = ['left', 'center', 'right'] as const;
export type HorizontalAlign = (typeof HORIZONTAL_ALIGNS)[number];

/** One entry of `column_config` (Superset's ColumnConfigControl). */
export interface ColumnConfig {
  d3NumberFormat?: string;
  d3TimeFormat?: string;
  alignPositiveNegative?: boolean;
  colorPositiveNegative?: boolean;
  showCellBars?: boolean;
  columnWidth?: number;
  horizontalAlign?: HorizontalAlign;
  currencyFormat?: CurrencyFormat;
}

export function columnConfigOf(formData: FormData, key: string): ColumnConfig {
  const all = formData.column_config;
  if (!all || typeof all !== 'object' || Array.isArray(all)) return {};
  const entry = (all as Record<string, unknown>)[key];
  return entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as ColumnConfig) : {};
}

/** Columns explore marked temporal (Superset's `temporal_columns_lookup`: column name → is temporal). */
export function isTemporalColumn(formData: FormData, column: string): boolean {
  const lookup = formData.temporal_columns_lookup;
  if (!lookup || typeof lookup !== 'object') return false;
  return (lookup as Record<string, unknown>)[column] === true;
}

/** A boolean control: saved booleans as they are, anything else the default. */
export function flagOf(value: unknown, fallback: boolean): boolean {
  return typeof value === 'boolean' ? value : fallback;
}
