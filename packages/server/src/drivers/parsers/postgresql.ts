import { loadModule, parseSync, scanSync } from 'libpg-query';
import type { Json } from './json.ts';
import { describePg, summarizePg } from './postgresqlAst.ts';
import { sliceUtf8 } from './textPositions.ts';
import { type ParsedStatement, SqlParseError, type SqlParser } from './types.ts';

/**
 * PostgreSQL: PostgreSQL's own parser (libpg-query, the server's grammar and lexer compiled to WASM)
 * decides everything: statement boundaries (stmt_location/stmt_len, UTF-8 bytes), the syntax tree,
 * and comments (its scanner's SQL_COMMENT and C_COMMENT tokens). E'' strings, dollar quoting, nested
 * comments and U&'' escapes are read exactly as the server reads them with standard_conforming_strings
 * on (the default since 9.1).
 */
export const POSTGRESQL_DENIED_FUNCTIONS = [
  // Files on the database server.
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_stat_file',
  'pg_ls_logdir',
  'pg_ls_waldir',
  'pg_ls_tmpdir',
  'pg_ls_archive_statusdir',
  'pg_ls_logicalsnapdir',
  'pg_ls_logicalmapdir',
  'pg_ls_replslotdir',
  'pg_current_logfile',
  'lo_import',
  'lo_export',
  'lo_from_bytea',
  'lo_put',
  'lo_get',
  'lo_unlink',
  'lo_create',
  'lo_open',
  'lo_creat',
  'lowrite',
  'loread',
  // Other servers.
  'dblink',
  'dblink_exec',
  'dblink_connect',
  'dblink_connect_u',
  'dblink_send_query',
  'dblink_get_result',
  'dblink_open',
  'dblink_fetch',
  // A query given as a string, which no check above sees.
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'table_to_xml',
  'table_to_xmlschema',
  'table_to_xml_and_xmlschema',
  'schema_to_xml',
  'schema_to_xmlschema',
  'schema_to_xml_and_xmlschema',
  'database_to_xml',
  'database_to_xmlschema',
  'database_to_xml_and_xmlschema',
  // Settings, and reading them (they can hold connection strings and paths).
  'set_config',
  'current_setting',
  'pg_reload_conf',
  'pg_rotate_logfile',
  // Other sessions and the server.
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_promote',
  'pg_switch_wal',
  'pg_create_restore_point',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
  'pg_advisory_lock_shared',
] as const;

let ready: Promise<void> | null = null;

/** Loads the WASM parser once, on first use. */
const load = () => {
  ready ??= loadModule();
  return ready;
};

interface RawStatement {
  stmt: Json;
  stmt_location?: number;
  stmt_len?: number;
}

function parseStatements(sql: string): { sql: string; stmt: Json }[] {
  let stmts: RawStatement[];
  try {
    stmts = (parseSync(sql) as unknown as { stmts?: RawStatement[] }).stmts ?? [];
  } catch (error) {
    throw new SqlParseError('postgresql', (error as Error).message);
  }
  const bytes = Buffer.byteLength(sql, 'utf8');
  return stmts.map(({ stmt, stmt_location: start = 0, stmt_len: length }) => ({
    // stmt_len 0 (or missing) means "to the end of the text".
    sql: sliceUtf8(sql, start, length ? start + length : bytes).trim(),
    stmt,
  }));
}

const COMMENT_TOKENS = new Set(['SQL_COMMENT', 'C_COMMENT']);

export const postgresqlParser: SqlParser = {
  engine: 'postgresql',
  deniedFunctions: POSTGRESQL_DENIED_FUNCTIONS,
  async split(sql): Promise<ParsedStatement[]> {
    await load();
    return parseStatements(sql).map(({ sql: text, stmt }) => describePg(text, stmt));
  },
  async summarize(statement) {
    await load();
    const found = parseStatements(statement);
    const [only] = found;
    if (!only || found.length !== 1) {
      throw new SqlParseError('postgresql', `Expected exactly one statement, found ${found.length}`);
    }
    return summarizePg(only.sql, only.stmt);
  },
  async hasComments(sql) {
    await load();
    try {
      return scanSync(sql).tokens.some((token) => COMMENT_TOKENS.has(token.tokenName));
    } catch (error) {
      throw new SqlParseError('postgresql', (error as Error).message);
    }
  },
};
