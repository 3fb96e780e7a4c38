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
  if (!(await repo.hasPart(db, 'dataset_columns', id, columnId))) throw new NotFoundError();
  await db.transaction().execute(async (trx) => {
    await repo.deletePart(trx, 'dataset_columns', columnId);
    await repo.markChanged(trx, id, principal.id, nowIso());
  });
}

export async function deleteMetric(
  db: Db,
  principal: Principal,
  id: number,
  metricId: number,
): Promise<void> {
  await editableDataset(db, principal, id);
  if (!(await repo.hasPart(db, 'dataset_metrics', id, metricId))) throw new NotFoundError();
  await db.transaction().execute(async (trx) => {
    await repo.deletePart(trx, 'dataset_metrics', metricId);
    await repo.markChanged(trx, id, principal.id, nowIso());
  });
}
