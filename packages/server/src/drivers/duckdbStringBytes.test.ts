import { DuckDBInstance, type DuckDBVarCharVector } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringVectorBytes } from './duckdbStringBytes.ts';

/** A VARCHAR column's bytes read in runs, against the same strings read one by one by the client. */
describe('DuckDB string vector bytes', () => {
  let instance: DuckDBInstance;
  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
  });
  afterAll(() => instance.closeSync());

  async function bothWays(sql: string, column = 0) {
    const connection = await instance.connect();
    try {
      const result = await connection.stream(sql);
      const fast: Buffer[] = [];
      const reference: Buffer[] = [];
      for (;;) {
        const chunk = await result.fetchChunk();
        if (!chunk || chunk.rowCount === 0) break;
        fast.push(stringVectorBytes(chunk, column));
        const vector = chunk.getColumnVector(column) as DuckDBVarCharVector;
        for (let row = 0; row < chunk.rowCount; row++) {
          const value = vector.getItem(row);
          if (value !== null) reference.push(Buffer.from(value, 'utf8'));
        }
      }
      return { fast: Buffer.concat(fast), reference: Buffer.concat(reference) };
    } finally {
      connection.closeSync();
    }
  }

  it('short (inline) and long strings, NULLs skipped, multi-byte text', async () => {
    const { fast, reference } = await bothWays(
      `SELECT * FROM (VALUES ('a'), (NULL), (''), ('twelve bytes'), ('thirteen byte'), ('Клиент №1, «ёлка»'),
        (NULL), ('x'), (repeat('long ', 100))) AS t(s)`,
    );
    expect(fast.toString('utf8')).toBe(`atwelve bytesthirteen byteКлиент №1, «ёлка»x${'long '.repeat(100)}`);
    expect(fast.equals(reference)).toBe(true);
  });

  it("reports where each row's bytes end (a NULL ends where the row before did)", async () => {
    const connection = await instance.connect();
    try {
      const result = await connection.run(
        `SELECT * FROM (VALUES (1, 'a'), (2, NULL), (3, ''), (4, 'Клиент'), (5, repeat('long ', 10))) AS t(n, s) ORDER BY n`,
      );
      const chunk = result.getChunk(0);
      const ends = new Uint32Array(chunk.rowCount);
      const bytes = stringVectorBytes(chunk, 1, ends);
      expect([...ends]).toEqual([1, 1, 1, 13, 63]);
      expect(bytes.length).toBe(63);
    } finally {
      connection.closeSync();
    }
  });

  it('many chunks of computed lines, as the CSV export builds them, in order', async () => {
    const sql = `SELECT CASE WHEN range % 7 = 0 THEN NULL
        WHEN range % 5 = 0 THEN CAST(range AS VARCHAR)
        ELSE 'Клиент ' || range || ',' || repeat('z', CAST(range % 40 AS INTEGER)) || chr(13) || chr(10) END AS line,
        range AS n
      FROM range(20000)`;
    const { fast, reference } = await bothWays(sql);
    expect(fast.length).toBeGreaterThan(500_000);
    expect(fast.equals(reference)).toBe(true);
  });

  it("strings the engine stores elsewhere than one after another (a table's own column)", async () => {
    const connection = await instance.connect();
    try {
      await connection.run(
        `CREATE TABLE words AS SELECT md5(CAST(range AS VARCHAR)) || '-' || range AS w FROM range(10000) ORDER BY random()`,
      );
    } finally {
      connection.closeSync();
    }
    const { fast, reference } = await bothWays('SELECT w FROM words');
    expect(fast.equals(reference)).toBe(true);
    const second = await bothWays('SELECT w, w || w AS ww FROM words', 1);
    expect(second.fast.equals(second.reference)).toBe(true);
  });
});
