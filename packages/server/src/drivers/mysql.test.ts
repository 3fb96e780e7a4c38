import { describe, expect, it } from 'vitest';
import { serviceAvailable, serviceSpec } from '../testing/services.ts';
import { type ContractFixture, describeConnectionContract } from './connection.contract.ts';
import type { ConnectionSpec } from './driver.ts';
import { mysqlDriver } from './mysql.ts';
import { describeReadOnlyContract } from './readOnly.contract.ts';
import { freePort } from './testPorts.ts';

const baseSpec: ConnectionSpec = serviceSpec('mysql');
const options = { maxConnections: 1, queryTimeoutMs: 5000, readOnly: false };

async function mariadbFixture(): Promise<ContractFixture | null> {
  if (!(await serviceAvailable('mariadb'))) return null;
  const database = `vitrina_test_${process.pid}_${Date.now()}`;
  const admin = mysqlDriver.connect(baseSpec, options);
  await admin.execute(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4`);
  const spec = { ...baseSpec, database };
  return {
    engine: 'mysql',
    connect: (overrides) =>
      mysqlDriver.connect(spec, { maxConnections: 3, queryTimeoutMs: 20_000, readOnly: false, ...overrides }),
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
    decimalValue: 1234.5,
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
}

describeConnectionContract('MariaDB', mariadbFixture);
describeReadOnlyContract('MariaDB', mariadbFixture);

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

describe('MariaDB read-only mode against SQL that lifts it', () => {
  it('never lets what one statement set reach the next caller; a SQL Lab session stays read-only', async (ctx) => {
    if (!(await serviceAvailable('mariadb'))) return ctx.skip();
    const table = `vitrina_ro_${process.pid}_${Date.now()}`;
    const admin = mysqlDriver.connect(baseSpec, options);
    await admin.execute(`CREATE TABLE \`${table}\` AS SELECT 1 AS n`);
    const db = mysqlDriver.connect(baseSpec, { ...options, readOnly: true });
    const remove = `DELETE FROM \`${table}\``;
    const refused = { errorType: 'DML_NOT_ALLOWED_ERROR' };
    try {
      for (const lift of ['SET SESSION TRANSACTION READ WRITE', 'START TRANSACTION READ WRITE']) {
        await db.execute(lift);
        await expect(db.execute(remove), lift).rejects.toMatchObject(refused);
      }
      const afterSet = db.session({}, async (session) => {
        await session.execute('SET SESSION TRANSACTION READ WRITE');
        await session.execute(remove);
      });
      await expect(afterSet).rejects.toMatchObject(refused);
      const readWrite = db.session({}, (session) => session.execute('START TRANSACTION READ WRITE'));
      await expect(readWrite).rejects.toMatchObject(refused);
      const inBlock = await db.session({}, async (session) => {
        await session.execute('START TRANSACTION READ ONLY');
        const result = await session.execute(`SELECT n FROM \`${table}\``);
        await session.execute('COMMIT');
        return result.rows;
      });
      expect(inBlock).toEqual([[1]]);
      expect((await db.execute(`SELECT COUNT(*) FROM \`${table}\``)).rows).toEqual([[1]]);
    } finally {
      await db.close();
      await admin.execute(`DROP TABLE \`${table}\``);
      await admin.close();
    }
  });
});
