import type { Kysely } from 'kysely';
import { NotFoundError } from '../../http/errors.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { removeDatasetPermission } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { editableDataset } from './access.ts';
import * as repo from './repo.ts';

type Db = Kysely<MetastoreSchema>;

/** Delete use cases of the datasets API: datasets, and single columns and metrics. */

export async function deleteDatasets(db: Db, principal: Principal, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  for (const id of unique) await editableDataset(db, principal, id);
  await db.transaction().execute(async (trx) => {
    for (const id of unique) await removeDatasetPermission(trx, id);
    await repo.deleteDatasets(trx, unique);
  });
}

export async function deleteColumn(
  db: Db,
  principal: Principal,
  id: number,
  columnId: number,
): Promise<void> {
  await editableDataset(db, principal, id);
  const column = await db
    .selectFrom('dataset_columns')
    .select('id')
    .where('id', '=', columnId)
    .where('dataset_id', '=', id)
    .executeTakeFirst();
  if (!column) throw new NotFoundError();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dataset_columns').where('id', '=', columnId).execute();
    await trx
      .updateTable('datasets')
      .set({ changed_on: nowIso(), changed_by_fk: principal.id })
      .where('id', '=', id)
      .execute();
  });
}

export async function deleteMetric(
  db: Db,
  principal: Principal,
  id: number,
  metricId: number,
): Promise<void> {
  await editableDataset(db, principal, id);
  const metric = await db
    .selectFrom('dataset_metrics')
    .select('id')
    .where('id', '=', metricId)
    .where('dataset_id', '=', id)
    .executeTakeFirst();
  if (!metric) throw new NotFoundError();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('dataset_metrics').where('id', '=', metricId).execute();
    await trx
      .updateTable('datasets')
      .set({ changed_on: nowIso(), changed_by_fk: principal.id })
      .where('id', '=', id)
      .execute();
  });
}
