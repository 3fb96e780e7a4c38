import { describe, expect, it } from 'vitest';
import { SERVICES, serviceAvailable } from '../testing/services.ts';
import { describeConnectionContract } from './connection.contract.ts';
import type { ConnectionSpec } from './driver.ts';
import { mysqlDriver } from './mysql.ts';
import { freePort } from './testPorts.ts';

const url = new URL(SERVICES.mariadb.url);
const baseSpec: ConnectionSpec = {
  engine: 'mysql',
  username: decodeURIComponent(url.username) || 'root',
  password: url.password ? decodeURIComponent(url.password) : null,
  host: url.hostname,
  port: Number(url.port || 3306),
  database: url.pathname.slice(1) || 'test',
  query: {},
};
const options = { maxConnections: 1, queryTimeoutMs: 5000 };

describeConnectionContract('MariaDB', async () => {
  if (!(await serviceAvailable('mariadb'))) return null;
  const database = `vitrina_test_${process.pid}_${Date.now()}`;
  const admin = mysqlDriver.connect(baseSpec, options);
  await admin.execute(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
  const spec = { ...baseSpec, database };
  return {
    engine: 'mysql',
    connect: (overrides) =>
      mysqlDriver.connect(spec, { maxConnections: 3, queryTimeoutMs: 20_000, ...overrides }),
    schema: database,
    listedSchema: database,
    types: {
      int: 'INT',
      bigint: 'BIGINT',
      decimal: 'DECIMAL(12,2)',
      text: 'VARCHAR(200)',
      timestamp: 'DATETIME',
      date: 'DATE',
      boolean: 'BOOLEAN',
    },
    decimalValue: '1234.50',
    plainWeekStartsOn: 'sunday',
    slowSql: 'SELECT SLEEP(30) AS vitrina_slow_marker',
    runningQueries: async (marker) => {
      const result = await admin.execute(
        `SELECT COUNT(*) FROM information_schema.PROCESSLIST
          WHERE ID <> CONNECTION_ID() AND COMMAND = 'Query' AND INFO LIKE CONCAT('%', ?, '%')`,
        { params: [marker] },
      );
      return Number(result.rows[0]?.[0]);
    },
    cleanup: async () => {
      await admin.execute(`DROP DATABASE \`${database}\``);
      await admin.close();
    },
  };
});

describe('MySQL connection errors', () => {
  it('maps a wrong password, an unknown database and a closed port', async (ctx) => {
    if (!(await serviceAvailable('mariadb'))) return ctx.skip();
    const wrong = mysqlDriver.connect({ ...baseSpec, password: 'definitely-wrong' }, options);
    await expect(wrong.testConnection()).rejects.toMatchObject({
      errorType: 'CONNECTION_ACCESS_DENIED_ERROR',
      extra: { engine_name: 'MySQL', invalid: ['username', 'password'] },
    });
    await wrong.close();
    const unknownDb = mysqlDriver.connect({ ...baseSpec, database: 'vitrina_no_such_db' }, options);
    await expect(unknownDb.testConnection()).rejects.toMatchObject({
      errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      extra: { invalid: ['database'] },
    });
    await unknownDb.close();
    const port = await freePort();
    const closed = mysqlDriver.connect({ ...baseSpec, host: '127.0.0.1', port }, options);
    await expect(closed.testConnection()).rejects.toMatchObject({
      errorType: 'CONNECTION_PORT_CLOSED_ERROR',
      extra: { engine_name: 'MySQL' },
    });
    await closed.close();
  });

  it('returns EXPLAIN rows as the cost estimate', async (ctx) => {
    if (!(await serviceAvailable('mariadb'))) return ctx.skip();
    const connection = mysqlDriver.connect(baseSpec, options);
    try {
      const rows = await connection.estimateCost('SELECT 1');
      expect(rows[0]).toHaveProperty('select_type');
    } finally {
      await connection.close();
    }
  });
});
