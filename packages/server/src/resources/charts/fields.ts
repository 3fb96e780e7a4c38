import { DATASOURCE_TYPES } from '@vitrina/common';
import type { Kysely } from 'kysely';
import { BadRequestError, ForbiddenError, UnprocessableError } from '../../http/errors.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { findDatasetRow } from '../datasets/repo.ts';
import { canQueryDataset } from './access.ts';
import { parseJsonObject } from './formData.ts';

/**
 * The fields of a chart create or update and their checks, in Superset's two steps: the shape of the
 * input (its schema: 400) and then what it refers to (datasource, dashboards, owners: 422), each answered
 * as `{"message": {"field": ["…"]}}`.
 */

type Db = Kysely<MetastoreSchema>;
export type FieldErrors = Record<string, string[]>;

export interface ChartInput {
  slice_name?: string | null;
  slice_name_ru?: string | null;
  viz_type?: string | null;
  datasource_id?: number | null;
  datasource_type?: string | null;
  datasource_name?: string | null;
  description?: string | null;
  owners?: number[];
  params?: string | null;
  query_context?: string | null;
  query_context_generation?: boolean | null;
  cache_timeout?: number | null;
  dashboards?: number[];
  certified_by?: string | null;
  certification_details?: string | null;
  is_managed_externally?: boolean | null;
  external_url?: string | null;
  tags?: number[];
}

export const REQUIRED = 'Missing data for required field.';
export const NOT_NULL = 'Field may not be null.';
export const NAME_MAX = 250;
const DATASOURCE_MISSING = 'Datasource does not exist';
export const DATASET_ACCESS_DENIED = "You don't have access to this dataset.";

/** Dataset-backed datasource types; the chart stores them as Superset's 'table'. */
const DATASET_TYPES = new Set(['table', 'dataset', 'view']);

export function trimOrNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function jsonObjectError(text: string | null | undefined): string | null {
  if (text === undefined || text === null || text.trim() === '') return null;
  try {
    JSON.parse(text);
  } catch {
    return 'JSON not valid';
  }
  return parseJsonObject(text) ? null : 'Must be a JSON object';
}

/**
 * The schema step: required fields, lengths, known viz types, JSON text. 400 when any fails. The viz
 * types come from the chart registry, which the caller loads (chartTypes.ts: knownVizTypes).
 */
export function checkShape(
  input: ChartInput,
  { creating, vizTypes }: { creating: boolean; vizTypes: readonly string[] },
): void {
  const errors: FieldErrors = {};
  const required = (name: keyof ChartInput) => {
    if (input[name] === undefined) {
      if (creating) errors[name] = [REQUIRED];
      return false;
    }
    if (input[name] === null) {
      errors[name] = [NOT_NULL];
      return false;
    }
    return true;
  };
  if (required('slice_name')) {
    const length = (input.slice_name as string).trim().length;
    if (length < 1 || length > NAME_MAX) errors.slice_name = [`Length must be between 1 and ${NAME_MAX}.`];
  }
  if ((input.slice_name_ru?.trim().length ?? 0) > NAME_MAX) {
    errors.slice_name_ru = [`Longer than maximum length ${NAME_MAX}.`];
  }
  if (required('viz_type') && !vizTypes.includes(input.viz_type as string)) {
    errors.viz_type = [`Must be one of: ${vizTypes.join(', ')}.`];
  }
  required('datasource_id');
  if (
    required('datasource_type') &&
    !(DATASOURCE_TYPES as readonly string[]).includes(input.datasource_type as string)
  ) {
    errors.datasource_type = [`Must be one of: ${DATASOURCE_TYPES.join(', ')}.`];
  }
  for (const name of ['params', 'query_context'] as const) {
    const problem = jsonObjectError(input[name]);
    if (problem) errors[name] = [problem];
  }
  if (input.cache_timeout !== undefined && input.cache_timeout !== null && input.cache_timeout < 0) {
    errors.cache_timeout = ['Must be greater than or equal to 0.'];
  }
  if (Object.keys(errors).length > 0) throw new BadRequestError(errors);
}

/**
 * The dataset a chart is built on: it must exist (422 naming datasource_id otherwise) and the caller
 * must be allowed to query it (403), so no one saves a chart over data they cannot read.
 */
export async function checkDatasource(
  db: Db,
  principal: Principal,
  datasourceId: number,
  datasourceType: string,
  errors: FieldErrors,
): Promise<void> {
  const exists = DATASET_TYPES.has(datasourceType) && (await findDatasetRow(db, datasourceId)) !== undefined;
  if (!exists) {
    errors.datasource_id = [DATASOURCE_MISSING];
    return;
  }
  if (!(await canQueryDataset(db, principal, datasourceId))) throw new ForbiddenError(DATASET_ACCESS_DENIED);
}

export function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

/**
 * Superset lets anyone who can read a chart store its generated query context (explore does this for
 * charts saved before query contexts existed); any other change needs ownership.
 */
export function isQueryContextUpdate(input: ChartInput): boolean {
  const keys = Object.keys(input).filter((key) => input[key as keyof ChartInput] !== undefined);
  return (
    input.query_context_generation === true &&
    keys.every((key) => key === 'query_context' || key === 'query_context_generation')
  );
}
