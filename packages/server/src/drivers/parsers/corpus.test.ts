import type { EngineName } from '@vitrina/common/sql/engines';
import { describe, expect, it } from 'vitest';
import { clickhouseCorpus } from './corpus/clickhouse.ts';
import { duckdbCorpus } from './corpus/duckdb.ts';
import { mysqlCorpus } from './corpus/mysql.ts';
import { postgresqlCorpus } from './corpus/postgresql.ts';
import { sqliteCorpus } from './corpus/sqlite.ts';
import { trinoCorpus } from './corpus/trino.ts';
import type { CorpusRow } from './corpus/types.ts';
import { getParser } from './index.ts';
import { SqlParseError } from './types.ts';

const corpora: Record<EngineName, CorpusRow[]> = {
  postgresql: postgresqlCorpus,
  duckdb: duckdbCorpus,
  sqlite: sqliteCorpus,
  mysql: mysqlCorpus,
  clickhouse: clickhouseCorpus,
  trino: trinoCorpus,
};

for (const [engine, rows] of Object.entries(corpora)) {
  describe(`${engine} corpus`, () => {
    const parser = getParser(engine);
    it.each(rows)('$name', async (row) => {
      if (row.expect === 'refused') {
        await expect(parser.split(row.sql)).rejects.toBeInstanceOf(SqlParseError);
      } else {
        const statements = await parser.split(row.sql);
        expect(statements.map((statement) => statement.kind)).toEqual(row.expect.kinds);
        for (const statement of statements) expect(statement.sql).not.toMatch(/^\s|;\s*$/);
      }
      if (row.comments !== undefined) expect(await parser.hasComments(row.sql)).toBe(row.comments);
    });
  });
}
