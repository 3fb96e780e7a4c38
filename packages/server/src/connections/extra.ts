import type { DatabaseExtra } from '@vitrina/common';

/**
 * A database's `extra` (a JSON string in the API, as Superset's): read leniently from the metastore,
 * validated strictly when a client writes it.
 */

/** The stored text as an object; anything unreadable counts as `{}` (the write path validated it). */
export function parseExtra(text: string | null | undefined): DatabaseExtra {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? (value as DatabaseExtra) : {};
  } catch {
    return {};
  }
}

/** The engine_params Vitrina reads; the keys of connect_args are checked per driver (engineOptions.ts). */
const ENGINE_PARAMS: readonly string[] = ['connect_args', 'pool_size', 'max_overflow', 'query_timeout'];

/** Problems with a written `extra`, as messages for the `extra` field; empty when it is fine. */
export function validateExtra(text: string): { extra?: DatabaseExtra; errors: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { errors: [`Field cannot be decoded by JSON: ${(error as Error).message}`] };
  }
  if (!isObject(value)) return { errors: ['Field must be a JSON object.'] };
  const errors: string[] = [];
  const objectKeys = ['metadata_params', 'engine_params', 'metadata_cache_timeout'] as const;
  for (const key of objectKeys) {
    if (key in value && !isObject(value[key])) errors.push(`${key} must be an object.`);
  }
  const booleans = [
    'allows_virtual_table_explore',
    'disable_data_preview',
    'disable_drill_to_detail',
    'allow_multi_catalog',
    'cost_estimate_enabled',
    'cancel_query_on_windows_unload',
  ] as const;
  for (const key of booleans) {
    if (key in value && typeof value[key] !== 'boolean') errors.push(`${key} must be true or false.`);
  }
  const upload = value.schemas_allowed_for_file_upload;
  if (upload !== undefined && !(Array.isArray(upload) && upload.every((item) => typeof item === 'string'))) {
    errors.push('schemas_allowed_for_file_upload must be a list of schema names.');
  }
  const timeouts = value.metadata_cache_timeout;
  if (isObject(timeouts)) {
    for (const [key, seconds] of Object.entries(timeouts)) {
      if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) {
        errors.push(`metadata_cache_timeout.${key} must be a number of seconds.`);
      }
    }
  }
  const engineParams = value.engine_params;
  if (isObject(engineParams)) {
    for (const key of Object.keys(engineParams)) {
      if (!ENGINE_PARAMS.includes(key)) {
        errors.push(`engine_params.${key} is not accepted (accepted: ${ENGINE_PARAMS.join(', ')}).`);
      }
    }
    if ('connect_args' in engineParams && !isObject(engineParams.connect_args)) {
      errors.push('engine_params.connect_args must be an object.');
    }
    for (const key of ['pool_size', 'query_timeout'] as const) {
      const number = engineParams[key];
      if (number !== undefined && (typeof number !== 'number' || !(number > 0))) {
        errors.push(`engine_params.${key} must be a positive number.`);
      }
    }
    const overflow = engineParams.max_overflow;
    if (
      overflow !== undefined &&
      !(typeof overflow === 'number' && Number.isInteger(overflow) && overflow >= 0)
    ) {
      errors.push('engine_params.max_overflow must be a whole number, 0 or more.');
    }
  }
  return errors.length > 0 ? { errors } : { extra: value as DatabaseExtra, errors };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Seconds the schema or table list stays cached: extra.metadata_cache_timeout, else a day. */
export const DEFAULT_METADATA_CACHE_SECONDS = 24 * 60 * 60;

export function metadataCacheSeconds(extra: DatabaseExtra, kind: 'schema' | 'table' | 'catalog'): number {
  const seconds = extra.metadata_cache_timeout?.[`${kind}_cache_timeout`];
  return typeof seconds === 'number' && seconds > 0 ? seconds : DEFAULT_METADATA_CACHE_SECONDS;
}
