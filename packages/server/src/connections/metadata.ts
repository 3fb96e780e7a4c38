import type { DatabaseConnection, TableListing } from '../drivers/driver.ts';
import type { Cache, JsonValue } from '../platform/index.ts';
import type { DatabaseRow } from '../platform/metastore/schema.ts';
import { metadataCacheSeconds, parseExtra } from './extra.ts';

/**
 * Catalog, schema and table lists of a database, kept in the platform cache (shared by every process)
 * under a key naming the database id and its changed_on, so editing the database starts afresh.
 * `force` reads the source again and replaces the cached list. The lists are not filtered by access
 * here: the caller filters them per user.
 */

type CachedRow = Pick<DatabaseRow, 'id' | 'changed_on' | 'extra'>;

export function metadataCacheKey(row: CachedRow, kind: string, ...parts: Array<string | null>): string {
  return `database-metadata:${row.id}:${row.changed_on}:${kind}:${JSON.stringify(parts)}`;
}

async function cached<T extends string[] | TableListing[]>(
  cache: Cache,
  key: string,
  ttlSeconds: number,
  force: boolean,
  load: () => Promise<T>,
): Promise<T> {
  if (!force) {
    const hit = await cache.get(key);
    if (hit !== undefined) return hit as T;
  }
  const value = await load();
  await cache.set(key, value as unknown as JsonValue, ttlSeconds);
  return value;
}

export function listCatalogs(
  cache: Cache,
  row: CachedRow,
  connection: DatabaseConnection,
  force: boolean,
): Promise<string[]> {
  const ttl = metadataCacheSeconds(parseExtra(row.extra), 'catalog');
  return cached(cache, metadataCacheKey(row, 'catalogs'), ttl, force, () => connection.listCatalogs());
}

export function listSchemas(
  cache: Cache,
  row: CachedRow,
  connection: DatabaseConnection,
  catalog: string | null,
  force: boolean,
): Promise<string[]> {
  const ttl = metadataCacheSeconds(parseExtra(row.extra), 'schema');
  return cached(cache, metadataCacheKey(row, 'schemas', catalog), ttl, force, () =>
    connection.listSchemas(catalog),
  );
}

export function listTables(
  cache: Cache,
  row: CachedRow,
  connection: DatabaseConnection,
  catalog: string | null,
  schema: string | null,
  force: boolean,
): Promise<TableListing[]> {
  const ttl = metadataCacheSeconds(parseExtra(row.extra), 'table');
  return cached(cache, metadataCacheKey(row, 'tables', catalog, schema), ttl, force, async () =>
    (await connection.listTables(catalog, schema)).map(({ name, type }) => ({ name, type })),
  );
}
