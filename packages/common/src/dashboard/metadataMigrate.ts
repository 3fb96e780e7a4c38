/**
 * json_metadata text to DashboardMetadata at DASHBOARD_METADATA_VERSION (DESIGN §3.10), and the check
 * the API runs on metadata it is sent: the keys of Superset's DashboardJSONMetadataSchema (plus our
 * `version`), unknown keys refused, each known key of the right type.
 */

import { isRecord } from '../isRecord.ts';
import { DASHBOARD_METADATA_VERSION, type DashboardMetadata, FILTER_BAR_ORIENTATIONS } from './metadata.ts';
import {
  chartConfigurationProblems,
  globalChartConfigurationProblems,
  nativeFilterProblems,
} from './metadataFilters.ts';

export type ParsedMetadata = { ok: true; metadata: DashboardMetadata } | { ok: false; error: string };

export interface MetadataProblem {
  field: string;
  message: string;
}

type Metadata = Record<string, unknown>;
type Migration = (metadata: Metadata) => Metadata;

/**
 * Version 0 (Superset's metadata, no version) to 1: `positions` only travels inside save payloads and is
 * not kept; cross filters are on unless switched off, as Superset's schema defaults them.
 */
const toVersion1: Migration = (metadata) => {
  const { positions: _positions, ...rest } = metadata;
  return { cross_filters_enabled: true, ...rest, version: 1 };
};

/** Migrations in order: entry n upgrades version n to n + 1. */
const MIGRATIONS: Migration[] = [toVersion1];

export function migrateMetadata(metadata: Metadata): DashboardMetadata {
  let current = metadata;
  let version = typeof current.version === 'number' ? current.version : 0;
  while (version < DASHBOARD_METADATA_VERSION) {
    const migration = MIGRATIONS[version];
    if (!migration) break;
    current = migration(current);
    version += 1;
  }
  return current as DashboardMetadata;
}

/** Stored metadata upgraded; empty text is empty metadata, unreadable text an error value. */
export function parseMetadata(json: string | null | undefined): ParsedMetadata {
  if (!json?.trim()) return { ok: true, metadata: migrateMetadata({}) };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (!isRecord(value)) return { ok: false, error: 'Not a valid mapping type.' };
  return { ok: true, metadata: migrateMetadata(value) };
}

type Check = (value: unknown) => string | null;

const isInteger: Check = (value) => (Number.isInteger(value) ? null : 'Not a valid integer.');
const isBoolean: Check = (value) => (typeof value === 'boolean' ? null : 'Not a valid boolean.');
const isString: Check = (value) => (typeof value === 'string' ? null : 'Not a valid string.');
const isMapping: Check = (value) => (isRecord(value) ? null : 'Not a valid mapping type.');
const isList: Check = (value) => (Array.isArray(value) ? null : 'Not a valid list.');
const nullable =
  (check: Check): Check =>
  (value) =>
    value === null ? null : check(value);
const listOf =
  (check: Check): Check =>
  (value) =>
    isList(value) ?? ((value as unknown[]).map(check).find((problem) => problem !== null) || null);
const oneOf =
  (choices: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && choices.includes(value) ? null : `Must be one of: ${choices.join(', ')}.`;
const either =
  (...checks: Check[]): Check =>
  (value) =>
    checks.some((check) => check(value) === null) ? null : (checks[0]?.(value) ?? null);

const FIELD_CHECKS: Record<string, Check> = {
  version: isInteger,
  timed_refresh_immune_slices: listOf(isInteger),
  filter_scopes: isMapping,
  expanded_slices: isMapping,
  refresh_frequency: isInteger,
  default_filters: isString,
  stagger_refresh: isBoolean,
  stagger_time: isInteger,
  color_scheme: nullable(isString),
  color_namespace: nullable(isString),
  positions: nullable(isMapping),
  label_colors: isMapping,
  shared_label_colors: either(listOf(isString), isMapping),
  map_label_colors: isMapping,
  color_scheme_domain: listOf(isString),
  cross_filters_enabled: isBoolean,
  import_time: isInteger,
  remote_id: isInteger,
  filter_bar_orientation: nullable(oneOf(FILTER_BAR_ORIENTATIONS)),
  native_filter_migration: isMapping,
  filter_sets_configuration: listOf(isMapping),
};

/** The filter keys, whose values can have several problems each (metadataFilters.ts). */
const FILTER_CHECKS: Record<string, (value: unknown) => string[]> = {
  native_filter_configuration: nativeFilterProblems,
  chart_configuration: chartConfigurationProblems,
  global_chart_configuration: globalChartConfigurationProblems,
};

/** The problems with metadata sent to the API, field by field; empty when it is valid. */
export function validateMetadata(value: unknown): MetadataProblem[] {
  if (!isRecord(value)) return [{ field: '_schema', message: 'Not a valid mapping type.' }];
  const problems: MetadataProblem[] = [];
  for (const [field, fieldValue] of Object.entries(value)) {
    const filterCheck = FILTER_CHECKS[field];
    if (filterCheck) {
      for (const message of filterCheck(fieldValue)) problems.push({ field, message });
      continue;
    }
    const check = FIELD_CHECKS[field];
    const message = check ? check(fieldValue) : 'Unknown field.';
    if (message) problems.push({ field, message });
  }
  return problems;
}
