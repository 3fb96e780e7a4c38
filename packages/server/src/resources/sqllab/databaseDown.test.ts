import net from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import { insertDatabase } from '../../testing/fixtures.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/** A port nothing listens on: bound, then closed again. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const ENGINES = {
  PostgreSQL: 'postgresql://reader@127.0.0.1:PORT/db',
  MySQL: 'mysql://reader@127.0.0.1:PORT/db',
  ClickHouse: 'clickhouse://reader@127.0.0.1:PORT/default',
  Trino: 'trino://reader@127.0.0.1:PORT/hive',
} as const;

/**
 * The review: SQL Lab answered 500 "Fatal error" when the data database was down (the connection
 * SQL Lab holds for a script was opened outside the driver's error mapping), while chart data answered
 * the typed connection error.
 */
describeEachMetastore('SQL Lab on a database that is down', (harness) => {
  let admin: Headers;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
    const port = String(await closedPort());
    for (const [engine, uri] of Object.entries(ENGINES)) {
      ids.set(
        engine,
        await insertDatabase(harness(), { name: `down ${engine}`, uri: uri.replace('PORT', port) }),
      );
    }
  });

  it.each(Object.keys(ENGINES))('answers the typed connection error for %s', async (engine) => {
    const clientId = `down${engine.slice(0, 7)}`;
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers: admin,
      payload: { database_id: ids.get(engine), sql: 'SELECT 1', client_id: clientId },
    });
    expect(response.statusCode).toBe(400);
    const [error] = response.json().errors;
    expect(error).toMatchObject({
      error_type: 'CONNECTION_PORT_CLOSED_ERROR',
      level: 'error',
      extra: { engine_name: engine },
    });
    expect(error.message).toMatch(/refused the connection/);
    // The query history says why, too.
    const row = await harness()
      .ctx.metastore.db.selectFrom('queries')
      .select(['status', 'error_message'])
      .where('client_id', '=', clientId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'failed', error_message: error.message });
  });
});
