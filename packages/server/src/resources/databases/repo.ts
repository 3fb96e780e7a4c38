import { type Kysely, sql } from 'kysely';
import { defineList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';

type Db = Kysely<MetastoreSchema>;

const FLAGS = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
] as const;

/**
 * Superset's `backend`: the SQLAlchemy URI's dialect without the driver (`postgresql+psycopg2://…` →
 * `postgresql`). Only the scheme is read, so no part of the URI that could hold a password leaves here.
 */
export function backendOf(uri: string): string {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(uri)?.[1] ?? '';
  return scheme.split('+')[0]!.toLowerCase();
}

/** `GET /api/v1/database/`: the connections, without their URIs or passwords. */
export const databasesList = defineList<MetastoreSchema>({
  title: 'List Database',
  spec: {
    searchColumns: {
      id: { operators: ['eq', 'in'], type: 'number' },
      database_name: { operators: ['eq', 'ct', 'nct', 'sw', 'ew'], type: 'text' },
      expose_in_sqllab: { operators: ['eq'], type: 'boolean' },
      allow_file_upload: { operators: ['eq'], type: 'boolean' },
    },
    orderColumns: ['id', 'database_name', 'changed_on', ...FLAGS],
    listColumns: ['id', 'uuid', 'database_name', 'backend', ...FLAGS, 'changed_on'],
    defaultOrder: { column: 'changed_on', direction: 'desc' },
    // Superset lifts the page-size cap for databases: pickers list them all.
    maxPageSize: 10_000,
  },
  columns: {
    id: sql.ref('d.id'),
    uuid: sql.ref('d.uuid'),
    database_name: sql.ref('d.database_name'),
    changed_on: sql.ref('d.changed_on'),
    // Selected only to derive `backend`; not a list column, so it is never answered.
    sqlalchemy_uri: sql.ref('d.sqlalchemy_uri'),
    ...Object.fromEntries(FLAGS.map((flag) => [flag, sql.ref(`d.${flag}`)])),
  },
  flags: FLAGS,
  derived: { backend: (row) => backendOf(String(row.sqlalchemy_uri)) },
  labels: { database_name: 'Database', expose_in_sqllab: 'Expose in SQL Lab', allow_dml: 'Allow DML' },
});

export function databasesListBase(db: Db) {
  return db.selectFrom('databases as d');
}
