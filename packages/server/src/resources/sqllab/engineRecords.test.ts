import path from 'node:path';
import { beforeAll, expect, it, vi } from 'vitest';
import type { DatabaseConnection, DatabaseSession } from '../../drivers/driver.ts';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { connectionOf, insertDatabase } from '../../testing/fixtures.ts';
import { MIXED_TABLE_SQL } from '../../testing/mixedTable.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

/**
 * A SQL Lab run on DuckDB takes its result's records as DuckDB writes them (runner.ts, the session's
 * executeJsonRecords): the answer, the stored results and their cut are those of the driver's rows,
 * field for field; the row limit and its limiting factor hold; a result the engine declines and one
 * the display cap would cut take the driver's rows.
 */

type Json = Record<string, unknown>;

describeEachMetastore('SQL Lab records written by DuckDB', (harness) => {
  let admin: Headers;
  let databaseId: number;
  let connection: DatabaseConnection;
  let runs = 0;

  beforeAll(async () => {
    admin = await harness().bearer(ADMIN.username, ADMIN.password);
    const file = path.join(harness().ctx.config.filesDir, 'sqllab_engine_json.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run(MIXED_TABLE_SQL);
      await con.run('CHECKPOINT');
    });
    databaseId = await insertDatabase(harness(), { name: 'sqllab_engine_json', uri: `duckdb:///${file}` });
    connection = await connectionOf(harness(), databaseId);
  });

  const execute = async (sql: string, queryLimit: number): Promise<Json> => {
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/sqllab/execute/',
      headers: admin,
      payload: {
        database_id: databaseId,
        sql,
        queryLimit,
        client_id: `engrec${String(runs++).padStart(5, '0')}`,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json();
  };

  const fetchResults = async (key: string, rows?: number): Promise<Json> => {
    const response = await harness().app.inject({
      url: `/api/v1/sqllab/results/?q=(key:'${key}'${rows === undefined ? '' : `,rows:${rows}`})`,
      headers: admin,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  /**
   * Runs `work` with the sessions' executeJsonRecords counted, or (`engine` false) taken away so the
   * driver's rows make the answer.
   */
  async function withSessions<T>(
    engine: boolean,
    work: () => Promise<T>,
  ): Promise<{ value: T; calls: number }> {
    let calls = 0;
    const original = connection.session.bind(connection);
    const spy = vi.spyOn(connection, 'session').mockImplementation((options, run) =>
      original(options, (session) => {
        const { executeJsonRecords } = session;
        const changed: DatabaseSession = {
          ...session,
          executeJsonRecords:
            engine && executeJsonRecords
              ? (sql, jsonOptions) => {
                  calls++;
                  return executeJsonRecords.call(session, sql, jsonOptions);
                }
              : undefined,
        };
        return run(changed);
      }),
    );
    try {
      return { value: await work(), calls };
    } finally {
      spy.mockRestore();
    }
  }

  /** What comes from the rows: data, columns, the row count and the limit's verdict. */
  const rowsOf = (answer: Json) => {
    const query = answer.query as Json;
    return {
      data: answer.data,
      columns: answer.columns,
      selected_columns: answer.selected_columns,
      rows: query.rows,
      limitingFactor: query.limitingFactor,
      displayLimitReached: answer.displayLimitReached,
    };
  };

  it.each([
    ['every row', 'SELECT * FROM mixed ORDER BY id', 100, 'NOT_LIMITED'],
    ['rows cut by the dropdown limit', 'SELECT * FROM mixed ORDER BY id', 3, 'DROPDOWN'],
    ['rows cut by the query own limit', 'SELECT * FROM mixed ORDER BY id LIMIT 2', 100, 'QUERY'],
    ['no row', 'SELECT * FROM mixed WHERE id > 10', 100, 'NOT_LIMITED'],
  ])('answers %s as the driver rows would', async (_, sql, limit, factor) => {
    const engine = await withSessions(true, () => execute(sql, limit));
    const driver = await withSessions(false, () => execute(sql, limit));
    expect(engine.calls).toBe(1);
    expect(rowsOf(engine.value)).toEqual(rowsOf(driver.value));
    expect((engine.value.query as Json).limitingFactor).toBe(factor);
    // The stored results (backend persistence) read back the same, whole and cut.
    const key = (engine.value.query as Json).resultsKey as string;
    const stored = await fetchResults(key);
    expect(stored.data).toEqual(driver.value.data);
    const cut = await fetchResults(key, 1);
    expect(cut.data).toEqual((driver.value.data as unknown[]).slice(0, 1));
  });

  it('spells the values as the driver does', async () => {
    const { value } = await withSessions(true, () =>
      execute('SELECT * FROM mixed WHERE id <= 2 ORDER BY id', 10),
    );
    expect(value.data).toEqual([
      {
        id: 1,
        city: 'Москва',
        ratio: 0.1,
        amount: 12.5,
        happened: '2024-01-01T10:00:00.123456',
        day: '2024-01-01',
        paid: true,
      },
      {
        id: 2,
        city: 'quote " and \\ back',
        ratio: null,
        amount: -0.05,
        happened: '1969-12-31T23:59:59.9995',
        day: '1969-12-31',
        paid: false,
      },
    ]);
  });

  it('takes the driver rows when the engine declines the result or the display cap would cut it', async () => {
    const declined = await withSessions(true, () => execute('SELECT 9007199254740993::BIGINT AS id', 10));
    expect(declined.calls).toBe(1);
    expect(declined.value.data).toEqual([{ id: '9007199254740993' }]);
    const displayMaxRow = harness().ctx.config.sqlLab.displayMaxRow;
    const sql = `SELECT range AS n FROM range(${displayMaxRow + 5})`;
    const capped = await withSessions(true, () => execute(sql, displayMaxRow + 1));
    expect(capped.calls).toBe(0);
    expect(capped.value.displayLimitReached).toBe(true);
    expect((capped.value.data as unknown[]).length).toBe(displayMaxRow);
  });
});
