import { describe, expect, it } from 'vitest';
import { copyCsvStatement, copyTakesDelimiter, postgresCsvColumn } from './postgresqlCsv.ts';

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
