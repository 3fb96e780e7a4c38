import type { SearchKind } from '@vitrina/common';
import { type Expression, type Kysely, type SqlBool, sql } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { CUSTOM_TAG } from '../tagging/repo.ts';

/**
 * The metastore reads of the search: what each kind's texts are (read whole into the in-process index,
 * service.ts), a cheap fingerprint that tells when a kind changed, and which found ids the caller may
 * open under each list's own visibility condition.
 */

type Db = Kysely<MetastoreSchema>;

/** One object as the index keeps it: its texts by kind of text, and what a hit shows. */
export interface SearchSource {
  id: number;
  title: string;
  title_ru: string | null;
  description: string | null;
  description_ru: string | null;
  /** Other names that find it: its columns' and metrics' verbose names (datasets). */
  names: string[];
  changed_on: string;
  url: string;
}

/** Per kind, the tables whose row count and newest change tell whether the index must be read again. */
const FINGERPRINT_TABLES: Record<SearchKind, readonly string[]> = {
  dashboard: ['dashboards'],
  chart: ['slices'],
  dataset: ['datasets', 'dataset_columns', 'dataset_metrics'],
  saved_query: ['saved_queries'],
  database: ['databases'],
  tag: ['tag'],
};

/** Each kind's fingerprint: row counts and newest changed_on of its tables, in one round trip. */
export async function fingerprints(db: Db): Promise<Record<SearchKind, string>> {
  const tables = [...new Set(Object.values(FINGERPRINT_TABLES).flat())];
  const parts = tables.flatMap((table, index) => [
    sql`(select count(*) from ${sql.table(table)}) as ${sql.ref(`n${index}`)}`,
    sql`(select max(changed_on) from ${sql.table(table)}) as ${sql.ref(`m${index}`)}`,
  ]);
  const { rows } = await sql<Record<string, unknown>>`select ${sql.join(parts)}`.execute(db);
  const row = rows[0] ?? {};
  const byTable = new Map(tables.map((table, index) => [table, `${row[`n${index}`]}:${row[`m${index}`]}`]));
  return Object.fromEntries(
    Object.entries(FINGERPRINT_TABLES).map(([kind, kindTables]) => [
      kind,
      kindTables.map((table) => byTable.get(table)).join('|'),
    ]),
  ) as Record<SearchKind, string>;
}

const dashboardUrl = (id: number, slug: string | null) => `/superset/dashboard/${slug || id}/`;

/** Every object of a kind with its texts. */
export const loadSources: Record<SearchKind, (db: Db) => Promise<SearchSource[]>> = {
  dashboard: async (db) =>
    (
      await db
        .selectFrom('dashboards')
        .select(['id', 'dashboard_title', 'dashboard_title_ru', 'description', 'slug', 'changed_on'])
        .execute()
    ).map((row) => ({
      id: row.id,
      title: row.dashboard_title,
      title_ru: row.dashboard_title_ru,
      description: row.description,
      description_ru: null,
      names: [],
      changed_on: row.changed_on,
      url: dashboardUrl(row.id, row.slug),
    })),
  chart: async (db) =>
    (
      await db
        .selectFrom('slices')
        .select(['id', 'slice_name', 'slice_name_ru', 'description', 'changed_on'])
        .execute()
    ).map((row) => ({
      id: row.id,
      title: row.slice_name,
      title_ru: row.slice_name_ru,
      description: row.description,
      description_ru: null,
      names: [],
      changed_on: row.changed_on,
      url: `/explore/?slice_id=${row.id}`,
    })),
  dataset: async (db) => {
    const [datasets, columns, metrics] = await Promise.all([
      db
        .selectFrom('datasets')
        .select(['id', 'table_name', 'description', 'description_ru', 'default_endpoint', 'changed_on'])
        .execute(),
      db
        .selectFrom('dataset_columns')
        .select(['dataset_id', 'verbose_name', 'verbose_name_ru'])
        .where((eb) => eb.or([eb('verbose_name', 'is not', null), eb('verbose_name_ru', 'is not', null)]))
        .execute(),
      db
        .selectFrom('dataset_metrics')
        .select(['dataset_id', 'verbose_name', 'verbose_name_ru'])
        .where((eb) => eb.or([eb('verbose_name', 'is not', null), eb('verbose_name_ru', 'is not', null)]))
        .execute(),
    ]);
    const names = new Map<number, string[]>();
    for (const row of [...columns, ...metrics]) {
      const list = names.get(row.dataset_id) ?? [];
      for (const name of [row.verbose_name, row.verbose_name_ru]) if (name) list.push(name);
      names.set(row.dataset_id, list);
    }
    return datasets.map((row) => ({
      id: row.id,
      title: row.table_name,
      title_ru: null,
      description: row.description,
      description_ru: row.description_ru,
      names: names.get(row.id) ?? [],
      changed_on: row.changed_on,
      url: row.default_endpoint || `/explore/?datasource_type=table&datasource_id=${row.id}`,
    }));
  },
  saved_query: async (db) =>
    (await db.selectFrom('saved_queries').select(['id', 'label', 'description', 'changed_on']).execute()).map(
      (row) => ({
        id: row.id,
        title: row.label,
        title_ru: null,
        description: row.description,
        description_ru: null,
        names: [],
        changed_on: row.changed_on,
        url: `/sqllab/?savedQueryId=${row.id}`,
      }),
    ),
  database: async (db) =>
    (await db.selectFrom('databases').select(['id', 'database_name', 'changed_on']).execute()).map((row) => ({
      id: row.id,
      title: row.database_name,
      title_ru: null,
      description: null,
      description_ru: null,
      names: [],
      changed_on: row.changed_on,
      // A database has no page of its own: its hit opens its connection dialog on the database list.
      url: `/databaseview/list/?edit=${row.id}`,
    })),
  tag: async (db) =>
    (
      await db
        .selectFrom('tag')
        .select(['id', 'name', 'description', 'changed_on'])
        .where('type', '=', CUSTOM_TAG)
        .execute()
    ).map((row) => ({
      id: row.id,
      title: row.name,
      title_ru: null,
      description: row.description,
      description_ru: null,
      names: [],
      changed_on: row.changed_on,
      url: `/superset/all_entities/?id=${row.id}`,
    })),
};

/** How each kind's table is aliased in its visibility condition (the alias its list uses). */
const VISIBLE_FROM: Record<SearchKind, { table: string; alias: string }> = {
  dashboard: { table: 'dashboards', alias: 'd' },
  chart: { table: 'slices', alias: 's' },
  dataset: { table: 'datasets', alias: 'ds' },
  saved_query: { table: 'saved_queries', alias: 'sq' },
  database: { table: 'databases', alias: 'd' },
  tag: { table: 'tag', alias: 't' },
};

/** The ids among `ids` that exist and that the condition (over the kind's list alias) lets through. */
export async function visibleIds(
  db: Db,
  kind: SearchKind,
  ids: readonly number[],
  condition: Expression<SqlBool>,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { table, alias } = VISIBLE_FROM[kind];
  const { rows } = await sql<{
    id: number;
  }>`select ${sql.ref(`${alias}.id`)} as id from ${sql.table(table)} as ${sql.table(alias)} where ${sql.ref(`${alias}.id`)} in (${sql.join([...ids])}) and ${condition}`.execute(
    db,
  );
  return new Set(rows.map((row) => Number(row.id)));
}

/** Every id of the kind the condition lets through. */
export async function allVisibleIds(
  db: Db,
  kind: SearchKind,
  condition: Expression<SqlBool>,
): Promise<Set<number>> {
  const { table, alias } = VISIBLE_FROM[kind];
  const { rows } = await sql<{
    id: number;
  }>`select ${sql.ref(`${alias}.id`)} as id from ${sql.table(table)} as ${sql.table(alias)} where ${condition}`.execute(
    db,
  );
  return new Set(rows.map((row) => Number(row.id)));
}
