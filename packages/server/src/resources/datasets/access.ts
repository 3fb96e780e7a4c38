import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import { ForbiddenError, NotFoundError } from '../../http/errors.ts';
import type { DatabaseRow, MetastoreSchema } from '../../platform/metastore/schema.ts';
import { canAccessDataset, datasetAccessCondition, datasetAccessFilter } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { findDatabase } from '../databases/repo.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Visibility and ownership: what the caller may see and change, checked by every datasets use case. */

/**
 * The datasets the caller may see: data access (dataset, schema, catalog, database or all_*) as
 * dataAccess.ts grants it, and the datasets they own.
 */
export async function visibleCondition(db: Db, principal: Principal): Promise<Expression<SqlBool>> {
  const filter = await datasetAccessFilter(db, principal);
  if (filter === null) return sql<SqlBool>`1 = 1`;
  return sql<SqlBool>`(${datasetAccessCondition(filter, 'ds')} or ds.id in (select o.dataset_id from dataset_owners o where o.user_id = ${principal.id}))`;
}

export async function databaseOf(db: Db, id: number): Promise<DatabaseRow | undefined> {
  return findDatabase(db, id);
}

async function canSee(db: Db, principal: Principal, dataset: repo.DatasetRow): Promise<boolean> {
  const database = await databaseOf(db, dataset.database_id);
  if (!database) return false;
  if (canAccessDataset(principal, dataset, database)) return true;
  return repo.isOwner(db, dataset.id, principal.id);
}

/** The dataset when the caller may see it; 404 otherwise (as Superset's base filter answers). */
export async function visibleDataset(db: Db, principal: Principal, id: number): Promise<repo.DatasetRow> {
  const dataset = await repo.findDatasetRow(db, id);
  if (!dataset || !(await canSee(db, principal, dataset))) throw new NotFoundError();
  return dataset;
}

/** Owners and admins change a dataset; anyone else who can see it gets 403, as Superset answers. */
export async function editableDataset(db: Db, principal: Principal, id: number): Promise<repo.DatasetRow> {
  const dataset = await visibleDataset(db, principal, id);
  if (!principal.isAdmin && !(await repo.isOwner(db, dataset.id, principal.id))) throw new ForbiddenError();
  return dataset;
}
