/**
 * Statements that reach files or code and that sqlparser-rs cannot read: MySQL's and MariaDB's
 * `SELECT … INTO OUTFILE / DUMPFILE`, `LOAD DATA / LOAD XML`, `INSTALL PLUGIN / COMPONENT` and
 * `CREATE FUNCTION … SONAME`, SQLite's `VACUUM INTO`. Text the parser cannot read is refused whatever
 * this answers; it only names the statement where the parser stopped, so that the refusal says why
 * ("reaches files") instead of "cannot be read". That is why it may look at the words around the
 * place the parser stopped: a wrong answer changes a refusal's message, never lets text through.
 */

const WORDS_BEFORE: Array<[RegExp, string]> = [
  [/\bINTO\s+OUTFILE\s+$/i, 'SELECT … INTO OUTFILE'],
  [/\bINTO\s+DUMPFILE\s+$/i, 'SELECT … INTO DUMPFILE'],
  [/\bVACUUM\s+INTO\s+$/i, 'VACUUM INTO'],
];

const WORDS_AT: Array<[RegExp, RegExp, string]> = [
  [/\bINTO\s+$/i, /^OUTFILE\b/i, 'SELECT … INTO OUTFILE'],
  [/\bINTO\s+$/i, /^DUMPFILE\b/i, 'SELECT … INTO DUMPFILE'],
  [/\bLOAD\s+DATA\s+$/i, /^(LOCAL|INFILE|CONCURRENT|LOW_PRIORITY)\b/i, 'LOAD DATA'],
  [/\bLOAD\s+$/i, /^XML\b/i, 'LOAD XML'],
  [/(^|;)\s*$/, /^INSTALL\s+(PLUGIN|COMPONENT)\b/i, 'INSTALL PLUGIN'],
  [/\bCREATE\s+$/i, /^(AGGREGATE\s+)?FUNCTION\s+[^;]*\bSONAME\b/i, 'CREATE FUNCTION … SONAME'],
];

/** The name of the files-or-code statement the parser stopped in at `stop`, or null. */
export function unreadFileStatement(sql: string, stop: number): string | null {
  const before = sql.slice(Math.max(0, stop - 200), stop);
  const at = sql.slice(stop, stop + 400);
  for (const [test, name] of WORDS_BEFORE) if (test.test(before)) return name;
  for (const [testBefore, testAt, name] of WORDS_AT)
    if (testBefore.test(before) && testAt.test(at)) return name;
  return null;
}
