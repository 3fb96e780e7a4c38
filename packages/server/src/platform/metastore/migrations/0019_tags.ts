import type { Kysely } from 'kysely';
import type { MigrationDialect } from '../migrationDialect.ts';

/**
 * Tags (Superset's `tag`) and what carries them (`tagged_object`): a tag's name is unique (the API checks
 * it and names the field; the index holds when two writes race); its type is Superset's TagType name,
 * 'custom' for the tags people make. A tagged object is a dashboard, chart, saved query or dataset by
 * Superset's ObjectType name; the reference is polymorphic, so there is no foreign key to the object:
 * deleting one removes its rows in the same transaction (resources/tagging). Deleting a tag removes its
 * rows through the cascade and explicitly, as not every store enforces cascades.
 */
export function up(dialect: MigrationDialect) {
  return async (db: Kysely<unknown>): Promise<void> => {
    await db.schema
      .createTable('tag')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('name', 'varchar(250)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('changed_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('changed_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.createIndex('tag_name').on('tag').column('name').unique().execute();
    await db.schema
      .createTable('tagged_object')
      .addColumn('id', dialect.serial, (c) => c.primaryKey())
      .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
      .addColumn('object_id', 'integer', (c) => c.notNull())
      .addColumn('object_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('created_on', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_by_fk', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema
      .createIndex('tagged_object_unique')
      .on('tagged_object')
      .columns(['tag_id', 'object_type', 'object_id'])
      .unique()
      .execute();
    // Lists load and filter an object's tags by the object.
    await db.schema
      .createIndex('tagged_object_object')
      .on('tagged_object')
      .columns(['object_type', 'object_id'])
      .execute();
  };
}
