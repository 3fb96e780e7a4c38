import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

type Db = Kysely<MetastoreSchema>;

export interface EmbeddedRow {
  uuid: string;
  dashboard_id: number;
  allow_domain_list: string;
  changed_on: string;
  changed_by_id: number | null;
  changed_by_username: string | null;
  changed_by_first_name: string | null;
  changed_by_last_name: string | null;
}

function selectEmbedded(db: Db) {
  return db
    .selectFrom('embedded_dashboards as e')
    .leftJoin('users as u', 'u.id', 'e.changed_by_fk')
    .select([
      'e.uuid',
      'e.dashboard_id',
      'e.allow_domain_list',
      'e.changed_on',
      'u.id as changed_by_id',
      'u.username as changed_by_username',
      'u.first_name as changed_by_first_name',
      'u.last_name as changed_by_last_name',
    ]);
}

export async function embeddedOfDashboard(db: Db, dashboardId: number): Promise<EmbeddedRow | undefined> {
  return selectEmbedded(db).where('e.dashboard_id', '=', dashboardId).executeTakeFirst();
}

export async function embeddedByUuid(db: Db, uuid: string): Promise<EmbeddedRow | undefined> {
  return selectEmbedded(db).where('e.uuid', '=', uuid).executeTakeFirst();
}

/** Creates the dashboard's configuration, or changes its domains keeping its uuid. */
export async function upsertEmbedded(
  db: Db,
  row: { uuid: string; dashboardId: number; domains: string; userId: number; at: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('embedded_dashboards')
      .set({ allow_domain_list: row.domains, changed_on: row.at, changed_by_fk: row.userId })
      .where('dashboard_id', '=', row.dashboardId)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return;
    await trx
      .insertInto('embedded_dashboards')
      .values({
        uuid: row.uuid,
        dashboard_id: row.dashboardId,
        allow_domain_list: row.domains,
        created_on: row.at,
        changed_on: row.at,
        created_by_fk: row.userId,
        changed_by_fk: row.userId,
      })
      .execute();
  });
}

export async function deleteEmbedded(db: Db, dashboardId: number): Promise<void> {
  await db.deleteFrom('embedded_dashboards').where('dashboard_id', '=', dashboardId).execute();
}
