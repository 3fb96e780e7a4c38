import type { DatabaseConnection } from '../drivers/driver.ts';

/**
 * A connection that touches its database only once `ready` settles: the registry hands it out at once
 * while the pool it replaces is still closing, so a file engine (DuckDB) never has the old and the new
 * instance open on one file at the same time.
 */
export function connectionAfter(ready: Promise<void>, connection: DatabaseConnection): DatabaseConnection {
  const settled = ready.catch(() => undefined);
  return {
    execute: (sql, options) => settled.then(() => connection.execute(sql, options)),
    stream: (sql, options) => settled.then(() => connection.stream(sql, options)),
    session: (options, work) => settled.then(() => connection.session(options, work)),
    testConnection: () => settled.then(() => connection.testConnection()),
    listCatalogs: () => settled.then(() => connection.listCatalogs()),
    listSchemas: (catalog) => settled.then(() => connection.listSchemas(catalog)),
    listTables: (catalog, schema) => settled.then(() => connection.listTables(catalog, schema)),
    tableMetadata: (catalog, schema, table) =>
      settled.then(() => connection.tableMetadata(catalog, schema, table)),
    estimateCost: (sql) => settled.then(() => connection.estimateCost(sql)),
    // The writer is a pool of the same database: it waits for the same close.
    writer: () => connectionAfter(settled, connection.writer()),
    close: () => settled.then(() => connection.close()),
  };
}
