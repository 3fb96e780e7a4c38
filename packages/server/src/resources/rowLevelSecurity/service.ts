import {
  type ListQuery,
  RLS_FILTER_TYPES,
  type RlsFilterType,
  type RowLevelSecurityFilter,
} from '@vitrina/common';
import type { Kysely } from 'kysely';
import { NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import * as repo from './repo.ts';

/** Use cases of the row-level security API (Admin only: the routes check can_read/can_write). */

type Db = Kysely<MetastoreSchema>;
type FieldErrors = Record<string, string[]>;

export interface RlsFilterInput {
  name?: string;
  description?: string | null;
  filter_type?: string;
  tables?: number[];
  roles?: number[];
  group_key?: string | null;
  clause?: string;
}

const REQUIRED = 'Missing data for required field.';
const NAME_TAKEN = 'A rule with this name already exists';
const NAME_MAX = 255;

export async function listFilters(db: Db, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.rlsListBase(db), repo.rlsList, query);
}

export async function getFilter(db: Db, id: number): Promise<RowLevelSecurityFilter> {
  const filter = await repo.findFilter(db, id);
  if (!filter) throw new NotFoundError();
  return filter;
}

/** Creates a filter with its tables and roles in one transaction; 422 naming each invalid field. */
export async function createFilter(
  db: Db,
  input: RlsFilterInput,
  actorId: number,
): Promise<RowLevelSecurityFilter> {
  const clean = normalise(input);
  const errors = validate(clean, { creating: true });
  Object.assign(errors, await referenceErrors(db, clean));
  if (clean.name && !errors.name && (await repo.nameTaken(db, clean.name))) errors.name = [NAME_TAKEN];
  throwIfAny(errors);
  const now = nowIso();
  const id = await mappingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      const filterId = await repo.insertFilter(trx, {
        name: clean.name!,
        description: clean.description ?? null,
        filter_type: clean.filter_type!,
        group_key: clean.group_key ?? null,
        clause: clean.clause!,
        created_on: now,
        changed_on: now,
        created_by_fk: actorId,
        changed_by_fk: actorId,
      });
      await repo.replaceTables(trx, filterId, clean.tables ?? []);
      await repo.replaceRoles(trx, filterId, clean.roles ?? []);
      return filterId;
    }),
  );
  return getFilter(db, id);
}

/** Changes the given fields only; `tables` and `roles` replace the filter's lists. */
export async function updateFilter(
  db: Db,
  id: number,
  input: RlsFilterInput,
  actorId: number,
): Promise<RowLevelSecurityFilter> {
  if ((await repo.existingFilterIds(db, [id])).length === 0) throw new NotFoundError();
  const clean = normalise(input);
  const errors = validate(clean, { creating: false });
  Object.assign(errors, await referenceErrors(db, clean));
  if (clean.name && !errors.name && (await repo.nameTaken(db, clean.name, id))) errors.name = [NAME_TAKEN];
  throwIfAny(errors);
  await mappingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      await repo.updateFilter(trx, id, {
        ...(clean.name !== undefined && { name: clean.name }),
        ...(clean.description !== undefined && { description: clean.description }),
        ...(clean.filter_type !== undefined && { filter_type: clean.filter_type }),
        ...(clean.group_key !== undefined && { group_key: clean.group_key }),
        ...(clean.clause !== undefined && { clause: clean.clause }),
        changed_on: nowIso(),
        changed_by_fk: actorId,
      });
      if (clean.tables !== undefined) await repo.replaceTables(trx, id, clean.tables);
      if (clean.roles !== undefined) await repo.replaceRoles(trx, id, clean.roles);
    }),
  );
  return getFilter(db, id);
}

/** Deletes every listed filter or none: 404 when any id is unknown, as Superset's bulk delete answers. */
export async function deleteFilters(db: Db, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const existing = await repo.existingFilterIds(db, unique);
  if (existing.length !== unique.length) throw new NotFoundError();
  await db.transaction().execute((trx) => repo.deleteFilters(trx, unique));
}

/** Trims names and keys; an empty group key or description means none. The clause is kept as written. */
function normalise(input: RlsFilterInput): RlsFilterInput {
  const optional = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
  return {
    ...input,
    name: input.name?.trim(),
    group_key: optional(input.group_key),
    description: optional(input.description),
  };
}

function isFilterType(value: string): value is RlsFilterType {
  return (RLS_FILTER_TYPES as readonly string[]).includes(value);
}

function validate(input: RlsFilterInput, { creating }: { creating: boolean }): FieldErrors {
  const errors: FieldErrors = {};
  if (input.name === undefined ? creating : input.name === '') errors.name = [REQUIRED];
  else if (input.name !== undefined && input.name.length > NAME_MAX) {
    errors.name = [`Longer than maximum length ${NAME_MAX}.`];
  }
  if (input.filter_type === undefined) {
    if (creating) errors.filter_type = [REQUIRED];
  } else if (!isFilterType(input.filter_type)) {
    errors.filter_type = [`Must be one of: ${RLS_FILTER_TYPES.join(', ')}.`];
  }
  if (input.clause === undefined ? creating : input.clause.trim() === '') errors.clause = [REQUIRED];
  if (input.tables === undefined ? creating : input.tables.length === 0) {
    errors.tables = ['Choose at least one dataset.'];
  }
  return errors;
}

async function referenceErrors(db: Db, input: RlsFilterInput): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const tables = await repo.unknownIds(db, 'datasets', input.tables ?? []);
  if (tables.length > 0) errors.tables = [`Unknown dataset ids: ${tables.join(', ')}`];
  const roles = await repo.unknownIds(db, 'roles', input.roles ?? []);
  if (roles.length > 0) errors.roles = [`Unknown role ids: ${roles.join(', ')}`];
  return errors;
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

/** A concurrent request may take the name between the check and the write. */
async function mappingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolationColumns(error)?.includes('name')) throw new UnprocessableError({ name: [NAME_TAKEN] });
    throw error;
  }
}
