/**
 * The read-only wall every engine that runs here keeps (duckdb/sqlite/postgresql/mysql .test.ts):
 * with PoolOptions.readOnly the engine itself refuses writes on every path (execute, stream, a SQL
 * Lab session) while reads work; without it writes work; and execute/stream never run a second
 * statement, whatever the mode. A read-only pool opened with serverWrites (a database taking uploads,
 * CTAS or DML) stays read-only while its writer() writes, and sees the writer's writes at once.
 * Uses the engine's ContractFixture on a scratch database of its own.
 */
import { getDialect } from '@vitrina/common/sql/dialects/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ContractFixture, rejection } from './connection.contract.ts';
import type { DatabaseConnection } from './driver.ts';
import { DatabaseError } from './errors.ts';

/** Opens a stream and reads it to the end (a refused statement may fail on open or on the first read). */
async function drain(connection: Pick<DatabaseConnection, 'stream'>, sql: string): Promise<void> {
  const stream = await connection.stream(sql);
  for await (const _batch of stream.batches) {
    // Reading is the point: the statement runs as it is read.
  }
}

export function describeReadOnlyContract(name: string, setup: () => Promise<ContractFixture | null>): void {
  describe(`${name}: read-only mode and single statements`, () => {
    let fixture: ContractFixture | null = null;
    const table = (t: string) =>
      getDialect(fixture?.engine ?? 'sqlite').qualifiedTable({ schema: fixture?.schema ?? null, table: t });
    /** Each pool is closed before the next opens: a DuckDB file is never open writable and read-only at once. */
    async function using<T>(readOnly: boolean, work: (db: DatabaseConnection) => Promise<T>): Promise<T> {
      const db = (fixture as ContractFixture).connect({ readOnly, maxConnections: 1 });
      try {
        return await work(db);
      } finally {
        await db.close();
      }
    }
    const count = (db: DatabaseConnection) =>
      db.execute(`SELECT count(*) AS n FROM ${table('ro_items')}`).then((r) => Number(r.rows[0]?.[0]));

    beforeAll(async () => {
      fixture = await setup();
      if (!fixture) return;
      const int = fixture.types.int;
      await using(false, async (db) => {
        await db.execute(`CREATE TABLE ${table('ro_items')} (n ${int})`);
        await db.execute(`INSERT INTO ${table('ro_items')} VALUES (1), (2), (3)`);
      });
    });

    afterAll(async () => {
      await fixture?.cleanup();
    });

    it('refuses DELETE, INSERT and CREATE TABLE in the engine on every path; reads work', async (ctx) => {
      if (!fixture) return ctx.skip();
      const int = fixture.types.int;
      await using(true, async (db) => {
        expect(await count(db)).toBe(3);
        const writes = [
          `DELETE FROM ${table('ro_items')}`,
          `INSERT INTO ${table('ro_items')} VALUES (4)`,
          `CREATE TABLE ${table('ro_created')} (n ${int})`,
        ];
        for (const sql of writes) {
          expect((await rejection(db.execute(sql))).errorType, sql).toBe('DML_NOT_ALLOWED_ERROR');
          expect((await rejection(drain(db, sql))).errorType, sql).toBe('DML_NOT_ALLOWED_ERROR');
        }
        const inSession = await rejection(
          db.session({}, (session) => session.execute(`DELETE FROM ${table('ro_items')}`)),
        );
        expect(inSession.errorType).toBe('DML_NOT_ALLOWED_ERROR');
        const streamed = await db.stream(`SELECT n FROM ${table('ro_items')} ORDER BY n`);
        const rows: unknown[][] = [];
        for await (const batch of streamed.batches) rows.push(...batch);
        expect(rows).toEqual([[1], [2], [3]]);
        expect(await count(db)).toBe(3);
      });
    });

    it('runs exactly one statement per execute and stream: a stacked DELETE never runs', async (ctx) => {
      if (!fixture) return ctx.skip();
      const stacked = `SELECT 1 AS one; DELETE FROM ${table('ro_items')}`;
      for (const readOnly of [true, false]) {
        await using(readOnly, async (db) => {
          expect(await rejection(db.execute(stacked))).toBeInstanceOf(DatabaseError);
          expect(await rejection(drain(db, stacked))).toBeInstanceOf(DatabaseError);
          expect(await count(db)).toBe(3);
        });
      }
    });

    it('runs exactly one statement per session execute and stream: a COMMIT cannot end the read-only guard', async (ctx) => {
      if (!fixture) return ctx.skip();
      const reader = fixture.connect({ readOnly: true, serverWrites: true, maxConnections: 1 });
      try {
        for (const stacked of [
          `SELECT 1 AS one; COMMIT; DELETE FROM ${table('ro_items')}`,
          `COMMIT; DELETE FROM ${table('ro_items')}`,
        ]) {
          const refused = await rejection(reader.session({}, (session) => session.execute(stacked)));
          expect(refused, stacked).toBeInstanceOf(DatabaseError);
          expect(await count(reader), stacked).toBe(3);
          const streamed = await rejection(reader.session({}, (session) => drain(session, stacked)));
          expect(streamed, stacked).toBeInstanceOf(DatabaseError);
          expect(await count(reader), stacked).toBe(3);
        }
        // The session's one-statement text still runs.
        const one = await reader.session({}, (session) =>
          session.execute(`SELECT count(*) FROM ${table('ro_items')}`),
        );
        expect(Number(one.rows[0]?.[0])).toBe(3);
      } finally {
        await reader.close();
      }
    });

    it('stays read-only beside its writer, which writes and whose writes it sees at once', async (ctx) => {
      if (!fixture) return ctx.skip();
      const int = fixture.types.int;
      const reader = fixture.connect({ readOnly: true, serverWrites: true, maxConnections: 1 });
      try {
        const writer = reader.writer();
        expect(writer).not.toBe(reader);
        expect(reader.writer()).toBe(writer);
        const writes = [
          `DELETE FROM ${table('ro_items')}`,
          `INSERT INTO ${table('ro_items')} VALUES (4)`,
          `CREATE TABLE ${table('ro_created')} (n ${int})`,
        ];
        for (const sql of writes) {
          expect((await rejection(reader.execute(sql))).errorType, sql).toBe('DML_NOT_ALLOWED_ERROR');
          expect((await rejection(drain(reader, sql))).errorType, sql).toBe('DML_NOT_ALLOWED_ERROR');
          const inSession = await rejection(reader.session({}, (session) => session.execute(sql)));
          expect(inSession.errorType, sql).toBe('DML_NOT_ALLOWED_ERROR');
        }
        // A statement that ends a transaction does not open the way for the next write.
        await reader.execute('COMMIT').catch(() => undefined);
        expect((await rejection(reader.execute(writes[0] as string))).errorType).toBe(
          'DML_NOT_ALLOWED_ERROR',
        );
        await expect(
          reader.session({}, async (session) => {
            await session.execute('COMMIT').catch(() => undefined);
            await session.execute(writes[0] as string);
          }),
        ).rejects.toBeInstanceOf(DatabaseError);
        expect(await count(reader)).toBe(3);

        await writer.execute(`INSERT INTO ${table('ro_items')} VALUES (4)`);
        expect(await count(reader)).toBe(4);
        await writer.session({}, (session) =>
          session.execute(`DELETE FROM ${table('ro_items')} WHERE n = 4`),
        );
        expect(await count(reader)).toBe(3);
        await writer.execute(`CREATE TABLE ${table('ro_created')} (n ${int})`);
        expect((await reader.execute(`SELECT count(*) FROM ${table('ro_created')}`)).rows).toEqual([[0]]);
        await writer.execute(`DROP TABLE ${table('ro_created')}`);
        // The writer never runs a second statement either.
        expect(
          await rejection(writer.execute(`SELECT 1 AS one; DELETE FROM ${table('ro_items')}`)),
        ).toBeInstanceOf(DatabaseError);
        expect(await count(reader)).toBe(3);
      } finally {
        await reader.close();
      }
    });

    it('has no writer without serverWrites, and is its own writer when not read-only', async (ctx) => {
      if (!fixture) return ctx.skip();
      await using(true, async (db) => {
        expect(() => db.writer()).toThrow(DatabaseError);
      });
      await using(false, async (db) => {
        expect(db.writer()).toBe(db);
      });
    });

    it('writes when the pool is not read-only', async (ctx) => {
      if (!fixture) return ctx.skip();
      await using(false, async (db) => {
        await db.execute(`INSERT INTO ${table('ro_items')} VALUES (4)`);
        await db.session({}, (session) => session.execute(`DELETE FROM ${table('ro_items')} WHERE n = 4`));
        await db.execute(`DELETE FROM ${table('ro_items')} WHERE n = 3`);
        expect(await count(db)).toBe(2);
      });
    });
  });
}
