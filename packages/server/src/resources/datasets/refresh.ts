import type { Kysely } from 'kysely';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { DatabaseRow, MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import { databaseOf, editableDataset } from './access.ts';
import { columnRowsFrom, createDataset } from './create.ts';
import * as repo from './repo.ts';
import { openSource, physicalColumns, queryColumns, type SourceColumn } from './source.ts';

type Db = Kysely<MetastoreSchema>;

/** Refresh use cases of the datasets API: columns re-synced from the source. */

export async function sourceColumns(
  ctx: AppContext,
  database: DatabaseRow,
  ref: {
    catalog: string | null;
    schema: string | null;
    tableName: string;
    query: string | null;
    templateParams: string | null;
  },
): Promise<SourceColumn[]> {
  const source = openSource(ctx, database);
  return ref.query
    ? queryColumns(source, ref.query, ref.templateParams)
    : physicalColumns(source, { catalog: ref.catalog, schema: ref.schema, table: ref.tableName });
}

/**
 * Superset's fetch_metadata: columns new in the source are added, known ones get the source's type
 * (and are active again), columns gone from the source are removed; calculated columns (with an
 * expression) and metrics stay. A dataset without a main time column gets the first temporal one.
 */
export async function refreshColumns(
  trx: Db,
  datasetId: number,
  columns: SourceColumn[],
  now: string,
): Promise<void> {
  const existing = await repo.columnsOf(trx, datasetId);
  const byName = new Map(existing.filter((c) => !c.expression).map((c) => [c.column_name, c]));
  const calculated = new Set(existing.filter((c) => c.expression).map((c) => c.column_name));
  const inSource = new Set(columns.map((c) => c.name));
  const gone = [...byName.values()].filter((c) => !inSource.has(c.column_name)).map((c) => c.id);
  await repo.deleteParts(trx, 'dataset_columns', gone);
  const added: SourceColumn[] = [];
  for (const column of columns) {
    const known = byName.get(column.name);
    if (known) {
      await repo.updateColumn(trx, known.id, {
        type: column.type || null,
        type_generic: column.typeGeneric === null ? null : String(column.typeGeneric),
        is_active: 1,
        is_partition_key: column.partitionKey ? 1 : 0,
        ...(known.type !== column.type && { is_dttm: column.isDttm ? 1 : 0 }),
        changed_on: now,
      });
    } else if (calculated.has(column.name)) {
      // A calculated column already holds the name; the source column does not replace it.
    } else {
      added.push(column);
    }
  }
  await repo.insertColumns(trx, columnRowsFrom(datasetId, added, now));
  const mainDttmCol = await repo.mainTimeColumnOf(trx, datasetId);
  const rows = await repo.columnsOf(trx, datasetId);
  if (!mainDttmCol || !rows.some((c) => c.column_name === mainDttmCol)) {
    const first = columns.find((c) => c.isDttm)?.name ?? null;
    await repo.updateDatasetRow(trx, datasetId, { main_dttm_col: first });
  }
}

/** `PUT /{id}/refresh`: re-syncs the columns from the source, in one transaction. */
export async function refreshDataset(ctx: AppContext, principal: Principal, id: number): Promise<void> {
  const db = ctx.metastore.db;
  const dataset = await editableDataset(db, principal, id);
  const database = (await databaseOf(db, dataset.database_id))!;
  const columns = await sourceColumns(ctx, database, {
    catalog: dataset.catalog,
    schema: dataset.schema,
    tableName: dataset.table_name,
    query: dataset.sql,
    templateParams: dataset.template_params,
  });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await refreshColumns(trx, dataset.id, columns, now);
    await repo.markChanged(trx, dataset.id, principal.id, now);
  });
}

/** Refreshes (or creates) the dataset over a table the upload just wrote; answers its id. */
export async function syncDatasetForTable(
  ctx: AppContext,
  principal: Principal,
  database: DatabaseRow,
  ref: { schema: string | null; tableName: string },
): Promise<number> {
  const db = ctx.metastore.db;
  const existing = await repo.findDuplicate(db, {
    databaseId: database.id,
    catalog: null,
    schema: ref.schema,
    tableName: ref.tableName,
  });
  if (!existing || existing.sql) {
    const created = await createDataset(ctx, principal, {
      database: database.id,
      table_name: ref.tableName,
      schema: ref.schema,
    });
    return created.id;
  }
  const columns = await sourceColumns(ctx, database, {
    catalog: null,
    schema: ref.schema,
    tableName: ref.tableName,
    query: null,
    templateParams: null,
  });
  const now = nowIso();
  await db.transaction().execute(async (trx) => {
    await refreshColumns(trx, existing.id, columns, now);
    await repo.markChanged(trx, existing.id, principal.id, now);
  });
  return existing.id;
}
