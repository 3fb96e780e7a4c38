import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Annotation layers (Superset's `annotation_layer`) and their annotations (`annotation`): named sets of
 * events and intervals that time-series charts draw. Times are ISO-8601 UTC text like every time of the
 * metastore, so a range overlap compares as text on both stores. A layer's name is unique, and so is an
 * annotation's short description within its layer (the API checks both and names the field; the
 * indexes hold when two writes race). A layer with annotations cannot be deleted (the API says so), so
 * the key has no cascade.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('annotation_layer')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(250)', (c) => c.notNull())
      .addColumn('descr', 'text')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('annotation_layer_name')
      .on('annotation_layer')
      .column('name')
      .unique()
      .execute();
    await db.schema
      .createTable('annotation')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('layer_id', 'integer', (c) => c.notNull().references('annotation_layer.id'))
      .addColumn('short_descr', 'varchar(500)', (c) => c.notNull())
      .addColumn('long_descr', 'text')
      .addColumn('start_dttm', 'varchar(32)', (c) => c.notNull())
      .addColumn('end_dttm', 'varchar(32)', (c) => c.notNull())
      .addColumn('json_metadata', 'text')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('annotation_layer_short_descr')
      .on('annotation')
      .columns(['layer_id', 'short_descr'])
      .unique()
      .execute();
    // Chart data reads a layer's annotations within a time range.
    await db.schema
      .createIndex('annotation_layer_start')
      .on('annotation')
      .columns(['layer_id', 'start_dttm'])
      .execute();
  };
}
