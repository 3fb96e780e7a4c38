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
        const error = await parser.split(row.sql).then(
          () => null,
          (thrown: unknown) => thrown,
        );
        expect(error).toBeInstanceOf(SqlParseError);
        if (row.filesOrCode !== undefined)
          expect((error as SqlParseError).filesOrCodeStatement !== null).toBe(row.filesOrCode);
      } else {
        const statements = await parser.split(row.sql);
        expect(statements.map((statement) => statement.kind)).toEqual(row.expect.kinds);
        for (const statement of statements) expect(statement.sql).not.toMatch(/^\s|;\s*$/);
        if (row.filesOrCode !== undefined)
          expect(statements.some((statement) => statement.touchesFilesOrCode)).toBe(row.filesOrCode);
      }
      if (row.comments !== undefined) expect(await parser.hasComments(row.sql)).toBe(row.comments);
    });
  });
}
