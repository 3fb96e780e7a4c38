import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { serviceAvailable, serviceSpec } from '../testing/services.ts';
import { type ContractFixture, describeConnectionContract } from './connection.contract.ts';
import type { ConnectionSpec } from './driver.ts';
import { mapPostgresError, postgresqlDriver } from './postgresql.ts';
import { describeReadOnlyContract } from './readOnly.contract.ts';
import { freePort } from './testPorts.ts';

const baseSpec: ConnectionSpec = serviceSpec('postgresql');

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    host: baseSpec.host ?? undefined,
    port: baseSpec.port ?? undefined,
    user: baseSpec.username ?? undefined,
    password: baseSpec.password ?? undefined,
    database: baseSpec.database ?? undefined,
  });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function postgresFixture(): Promise<ContractFixture | null> {
  if (!(await serviceAvailable('postgres'))) return null;
  const schema = `vitrina_test_${process.pid}_${Date.now()}`;
  await admin((client) => client.query(`CREATE SCHEMA "${schema}"`));
  return {
    engine: 'postgresql',
    connect: (options) =>
      postgresqlDriver.connect(baseSpec, {
        maxConnections: 3,
        queryTimeoutMs: 20_000,
        readOnly: false,
        ...options,
      }),
    schema,
    listedSchema: schema,
    types: {
      int: 'INTEGER',
      bigint: 'BIGINT',
      decimal: 'NUMERIC(12,2)',
      text: 'TEXT',
      timestamp: 'TIMESTAMP',
      date: 'DATE',
      boolean: 'BOOLEAN',
    },
    decimalValue: 1234.5,
    plainWeekStartsOn: 'monday',
    slowSql: 'SELECT pg_sleep(30) AS vitrina_slow_marker',
    runningQueries: (marker) =>
      admin(async (client) => {
        const result = await client.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE state = 'active' AND pid <> pg_backend_pid() AND query LIKE '%' || $1 || '%'`,
          [marker],
        );
        return result.rows[0].n as number;
      }),
    cleanup: async () => {
      await admin((client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
    },
  };
}

describeConnectionContract('PostgreSQL', postgresFixture);
describeReadOnlyContract('PostgreSQL', postgresFixture);

describe('PostgreSQL connection errors', () => {
  it('maps an unknown database, an unknown user and a closed port', async (ctx) => {
    if (!(await serviceAvailable('postgres'))) return ctx.skip();
    const options = { maxConnections: 1, queryTimeoutMs: 5000, readOnly: false };
    const unknownDb = postgresqlDriver.connect({ ...baseSpec, database: 'vitrina_no_such_db' }, options);
    await expect(unknownDb.testConnection()).rejects.toMatchObject({
      errorType: 'CONNECTION_UNKNOWN_DATABASE_ERROR',
      message: 'Unable to connect to database "vitrina_no_such_db".',
      extra: { engine_name: 'PostgreSQL', invalid: ['database'] },
    });
    await unknownDb.close();
    const unknownUser = postgresqlDriver.connect({ ...baseSpec, username: 'vitrina_no_such_user' }, options);
    await expect(unknownUser.testConnection()).rejects.toMatchObject({
      errorType: 'CONNECTION_INVALID_USERNAME_ERROR',
      extra: { invalid: ['username'] },
    });
    await unknownUser.close();
    const port = await freePort();
    const closed = postgresqlDriver.connect({ ...baseSpec, host: '127.0.0.1', port }, options);
    await expect(closed.testConnection()).rejects.toMatchObject({
      errorType: 'CONNECTION_PORT_CLOSED_ERROR',
      message: `Port ${port} on hostname "127.0.0.1" refused the connection.`,
      extra: {
        engine_name: 'PostgreSQL',
        issue_codes: [{ code: 1008, message: 'Issue 1008 - The port is closed.' }],
      },
    });
    await closed.close();
  });

  it('maps a wrong password (28P01) and an unknown host', () => {
    const wrong = mapPostgresError(
      Object.assign(new Error('password authentication failed'), { code: '28P01' }),
      baseSpec,
    );
    expect(wrong).toMatchObject({
      errorType: 'CONNECTION_INVALID_PASSWORD_ERROR',
      extra: {
        invalid: ['username', 'password'],
        issue_codes: [
          {
            code: 1013,
            message: 'Issue 1013 - The password provided when connecting to a database is not valid.',
          },
        ],
      },
    });
    const host = mapPostgresError(
      Object.assign(new Error('getaddrinfo ENOTFOUND nope'), { code: 'ENOTFOUND' }),
      {
        ...baseSpec,
        host: 'nope.invalid',
      },
    );
    expect(host).toMatchObject({
      errorType: 'CONNECTION_INVALID_HOSTNAME_ERROR',
      extra: { invalid: ['host'] },
    });
  });

  it('returns cost estimates as Superset does', async (ctx) => {
    if (!(await serviceAvailable('postgres'))) return ctx.skip();
    const connection = postgresqlDriver.connect(baseSpec, {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: false,
    });
    try {
      const [row] = await connection.estimateCost('SELECT 1');
      expect(Object.keys(row ?? {})).toEqual(['Start-up cost', 'Total cost']);
    } finally {
      await connection.close();
    }
  });
});

describe('PostgreSQL read-only mode against SQL that lifts it', () => {
  it('refuses a statement that lifts it and never reuses its connection; read-only blocks still run', async (ctx) => {
    if (!(await serviceAvailable('postgres'))) return ctx.skip();
    const schema = `vitrina_ro_${process.pid}_${Date.now()}`;
    await admin((client) =>
      client.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".t AS SELECT 1 AS n`),
    );
    const db = postgresqlDriver.connect(baseSpec, {
      maxConnections: 1,
      queryTimeoutMs: 5000,
      readOnly: true,
    });
    const remove = `DELETE FROM "${schema}".t`;
    const refused = { errorType: 'DML_NOT_ALLOWED_ERROR' };
    try {
      for (const lift of [
        "SELECT set_config('default_transaction_read_only', 'off', false)",
        'SET default_transaction_read_only = off',
        'BEGIN READ WRITE',
        'BEGIN',
      ]) {
        await expect(db.execute(lift), lift).rejects.toMatchObject(refused);
        await expect(db.execute(remove), lift).rejects.toMatchObject(refused);
      }
      for (const lift of [
        'SET default_transaction_read_only = off',
        'SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE',
        'BEGIN READ WRITE',
      ]) {
        const script = db.session({}, async (session) => {
          await session.execute(lift);
          await session.execute(remove);
        });
        await expect(script, lift).rejects.toMatchObject(refused);
      }
      const inBlock = await db.session({}, async (session) => {
        await session.execute('BEGIN');
        const result = await session.execute(`SELECT n FROM "${schema}".t`);
        await session.execute('COMMIT');
        return result.rows;
      });
      expect(inBlock).toEqual([[1]]);
      expect((await db.execute(`SELECT count(*)::int FROM "${schema}".t`)).rows).toEqual([[1]]);
    } finally {
      await db.close();
      await admin((client) => client.query(`DROP SCHEMA "${schema}" CASCADE`));
    }
  });
});
