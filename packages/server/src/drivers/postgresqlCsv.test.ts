import { describe, expect, it } from 'vitest';
import {
  copyCsvStatement,
  copyTakesDelimiter,
  postgresCsvColumn,
  withParametersWritten,
} from './postgresqlCsv.ts';

const rules = { delimiter: ',', decimalSeparator: '.' as const, formulaGuard: true };
const integer = postgresCsvColumn(23, 15)!;

describe('PostgreSQL COPY CSV statement', () => {
  it('wraps a query in one COPY of its cells', async () => {
    const statement = await copyCsvStatement('SELECT 1 AS n', [integer], rules);
    expect(statement).toMatch(/^COPY \(SELECT .* TO STDOUT \(FORMAT csv, DELIMITER ',', NULL ''\)$/s);
  });

  it('keeps a trailing line comment inside the query', async () => {
    const statement = await copyCsvStatement('SELECT 1 AS n -- a note', [integer], rules);
    expect(statement).toContain('-- a note\n)');
  });

  it('refuses a query that would close the wrapping early and add a statement of its own', async () => {
    const breakout =
      'SELECT 1 AS n) AS a(n) OFFSET 0) AS b) TO STDOUT (FORMAT csv); CREATE TABLE pwned(); COPY (SELECT (SELECT 1';
    expect(await copyCsvStatement(breakout, [integer], rules)).toBeNull();
  });

  it('takes only delimiters COPY quotes as the writer does', () => {
    expect([',', ';', '\t', '|'].every(copyTakesDelimiter)).toBe(true);
    expect(['.', ':', '-', ' ', 'a', '1', '§', '"'].some(copyTakesDelimiter)).toBe(false);
  });

  it('trims numerics on the server where it can (PostgreSQL 13 and later)', () => {
    expect(postgresCsvColumn(1700, 15)?.form).toBe('trimmedDecimal');
    expect(postgresCsvColumn(1700, 12)?.form).toBe('decimal');
  });

  it('has no CSV form for types it cannot write as the JavaScript writer does', () => {
    expect(postgresCsvColumn(1007, 15)).toBeNull(); // integer[]
    expect(postgresCsvColumn(1042, 15)).toBeNull(); // character(n): its padding
  });
});

describe('parameters written in for COPY', () => {
  // Stands in for the server's quote_nullable: what matters here is where the literals go.
  const quote = async (_select: string, values: readonly unknown[]) =>
    values.map((value) => (value === null ? 'NULL' : `'${String(value).replaceAll("'", "''")}'`));

  it("puts each value where PostgreSQL's parser finds its placeholder, not in strings or comments", async () => {
    const sql = "SELECT 'é $1', $1 AS a /* $2 */ FROM t WHERE b = $2 AND c = $1 -- $1";
    expect(await withParametersWritten(sql, ["it's", null], quote)).toBe(
      "SELECT 'é $1', 'it''s' AS a /* $2 */ FROM t WHERE b = NULL AND c = 'it''s' -- $1",
    );
  });

  it('leaves a statement without parameters as it is, and declines one it cannot read or fill', async () => {
    expect(await withParametersWritten('SELECT $1', [], quote)).toBe('SELECT $1');
    expect(await withParametersWritten('SELECT $2', [1], quote)).toBeNull();
    expect(await withParametersWritten('SELECT (', [1], quote)).toBeNull();
  });
});
