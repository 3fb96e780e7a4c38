import Database from 'better-sqlite3';
import type { Json } from './json.ts';
import { sqlparserRsParser } from './sqlparserRsEngine.ts';
import { type ParsedStatement, SqlParseError } from './types.ts';

/**
 * SQLite: two readers must agree. datafusion-sqlparser-rs's SQLite dialect gives the syntax tree,
 * the statement boundaries and the comments. SQLite itself then compiles every statement on a
 * private, empty in-memory database (compiled, never run): a read is compiled as the body of
 * `CREATE TEMP VIEW`, which SQLite accepts without its tables existing and only when the text is one
 * plain SELECT; anything else is compiled as written, where SQLite's "no such table" still proves the
 * syntax was read. Text SQLite refuses, or finds more than one statement in, is refused. Statements
 * the parser cannot read (`DETACH`, `PRAGMA name(arg)`) are refused. ATTACH and DETACH are `readonly`
 * to SQLite; they are classified as `other` from the tree.
 */
export const SQLITE_DENIED_FUNCTIONS = [
  // Loading native code.
  'load_extension',
  // Files on the server (sqlite3 shell and fileio extension).
  'readfile',
  'writefile',
  'edit',
  'lsdir',
  // Changing how full-text search calls native code.
  'fts3_tokenizer',
] as const;

let scratch: Database.Database | null = null;

/** A private, empty, in-memory database that only ever compiles statements. */
function compiler(): Database.Database {
  scratch ??= new Database(':memory:');
  return scratch;
}

/** Errors SQLite raises after the text parsed: a missing table, column, function… */
const RESOLUTION_ERROR =
  /^(no such (table|column|function|collation|module|index|view|savepoint)|unknown database)/i;

const PARAMETERS_IN_VIEW = /parameters are not allowed in views/i;

const refused = (error: unknown) => new SqlParseError('sqlite', `SQLite: ${(error as Error).message}`);

/** Compiles a statement as written: whether SQLite calls it read-only, or null when a table is missing. */
function compileAsWritten(sql: string): boolean | null {
  try {
    return compiler().prepare(sql).readonly;
  } catch (error) {
    if (RESOLUTION_ERROR.test((error as Error).message)) return null;
    throw refused(error);
  }
}

/** Compiles a SELECT as a view body: SQLite accepts it only as one plain SELECT, tables or not. */
function compileAsView(sql: string): void {
  try {
    compiler().prepare(`CREATE TEMP VIEW vitrina_syntax_check AS ${sql}\n`);
  } catch (error) {
    // A view cannot hold parameters: such a query is compiled as written instead.
    if (PARAMETERS_IN_VIEW.test((error as Error).message)) compileAsWritten(sql);
    else throw refused(error);
  }
}

function compile(statement: ParsedStatement, ast: Json): ParsedStatement {
  if (statement.kind === 'read' && typeof ast === 'object' && ast !== null && 'Query' in ast) {
    compileAsView(statement.sql);
    return statement;
  }
  const readonly = compileAsWritten(statement.sql);
  return statement.kind === 'read' && readonly === false ? { ...statement, kind: 'dml' } : statement;
}

export const sqliteParser = sqlparserRsParser({
  engine: 'sqlite',
  dialect: 'sqlite',
  deniedFunctions: SQLITE_DENIED_FUNCTIONS,
  confirm: compile,
});
