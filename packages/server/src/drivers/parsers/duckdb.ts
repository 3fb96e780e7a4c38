import { loadModule, type ScanToken, scanSync } from 'libpg-query';
import { summarizeDuckdb } from './duckdbAst.ts';
import { countStatements, serialize } from './duckdbEngine.ts';
import { EMPTY_SHAPE, SummaryBuilder } from './summaryBuilder.ts';
import { sliceUtf8 } from './textPositions.ts';
import {
  type ParsedStatement,
  SqlParseError,
  type SqlParser,
  type StatementKind,
  type StatementSummary,
} from './types.ts';

/**
 * DuckDB: DuckDB's own parser decides, in a private parse-only instance (duckdbEngine.ts).
 * - How many statements: `extractStatements`. It gives no text and preparing them would bind (tables
 *   must exist), so the pieces are cut at the ';' tokens of PostgreSQL's lexer (DuckDB's lexer is a
 *   fork of it: same strings, E'', dollar quotes, comments) and accepted only when DuckDB agrees: as many
 *   pieces as statements, and each piece exactly one statement to DuckDB.
 * - What each one is: `json_serialize_sql`, which gives the syntax tree of SELECT statements only
 *   (FROM-first, DESCRIBE/SHOW and PIVOT included). A statement DuckDB serializes is a read; any other
 *   is never a read, and is named by its first keyword (INSERT… dml, CREATE… ddl, the rest other).
 * Text DuckDB cannot parse is refused.
 */
export const DUCKDB_DENIED_FUNCTIONS = [
  // Files and URLs (also blocked by enable_external_access=false on the data connection).
  'read_csv',
  'read_csv_auto',
  'sniff_csv',
  'read_parquet',
  'parquet_scan',
  'parquet_metadata',
  'parquet_schema',
  'parquet_file_metadata',
  'parquet_kv_metadata',
  'parquet_bloom_probe',
  'read_json',
  'read_json_auto',
  'read_json_objects',
  'read_json_objects_auto',
  'read_ndjson',
  'read_ndjson_auto',
  'read_ndjson_objects',
  'read_text',
  'read_blob',
  'read_xlsx',
  'glob',
  'iceberg_scan',
  'iceberg_metadata',
  'iceberg_snapshots',
  'delta_scan',
  'sqlite_scan',
  'sqlite_attach',
  'postgres_scan',
  'postgres_query',
  'postgres_execute',
  'mysql_query',
  'mysql_execute',
  'httpfs_get',
  // A query given as a string, which no check above sees.
  'query',
  'query_table',
  // Catalogue of other objects, settings, secrets and extensions.
  'duckdb_secrets',
  'duckdb_settings',
  'duckdb_extensions',
  'duckdb_databases',
  'duckdb_tables',
  'duckdb_views',
  'duckdb_columns',
  'duckdb_schemas',
  'duckdb_functions',
  'duckdb_log_contexts',
  'duckdb_logs',
  'current_setting',
  'getenv',
  'which_secret',
  'load_extension',
] as const;

let ready: Promise<void> | null = null;
const loadLexer = () => {
  ready ??= loadModule();
  return ready;
};

const COMMENT = new Set(['SQL_COMMENT', 'C_COMMENT']);
const DML = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'UPSERT', 'WITH']);
const DDL = new Set(['CREATE', 'ALTER', 'DROP', 'TRUNCATE', 'COMMENT', 'GRANT', 'REVOKE']);

interface Piece {
  sql: string;
  /** The lexer's tokens of the piece, comments left out; offsets are UTF-8 bytes of `source`. */
  tokens: ScanToken[];
  source: string;
}

const textOf = (source: string, tokens: ScanToken[]): string => {
  const first = tokens[0];
  const last = tokens.at(-1);
  return first && last ? sliceUtf8(source, first.start, last.end) : '';
};

function scan(sql: string): ScanToken[] {
  try {
    return scanSync(sql).tokens;
  } catch (error) {
    throw new SqlParseError('duckdb', (error as Error).message);
  }
}

/** The text between the lexer's top-level ';' tokens, comment-only pieces dropped. */
function cut(sql: string): Piece[] {
  const pieces: Piece[] = [];
  let current: ScanToken[] = [];
  const close = () => {
    const code = current.filter((token) => !COMMENT.has(token.tokenName));
    if (code.length > 0) pieces.push({ sql: textOf(sql, code), tokens: code, source: sql });
    current = [];
  };
  for (const token of scan(sql)) {
    if (token.text === ';' && token.tokenName === 'ASCII_59') close();
    else current.push(token);
  }
  close();
  return pieces;
}

/**
 * A non-SELECT statement's kind from its keywords: DuckDB already said it is not a SELECT. EXPLAIN is
 * a read; EXPLAIN ANALYZE runs its statement, a read only when DuckDB serializes that as a SELECT.
 */
async function kindOf(piece: Piece): Promise<StatementKind> {
  const words = piece.tokens.map((token) => token.text.toUpperCase());
  const [first = ''] = words;
  if (first === 'EXPLAIN') {
    if (words[1] !== 'ANALYZE') return words[1] === '(' ? 'dml' : 'read';
    const inner = piece.tokens.slice(2);
    const innerSql = textOf(piece.source, inner);
    return (await serialize(innerSql)).ok ? 'read' : kindOf({ ...piece, sql: innerSql, tokens: inner });
  }
  if (DML.has(first)) return 'dml';
  if (first === 'COPY') {
    let depth = 0;
    for (const word of words) {
      if (word === '(') depth++;
      else if (word === ')') depth--;
      else if (depth === 0 && (word === 'FROM' || word === 'TO')) return word === 'FROM' ? 'dml' : 'other';
    }
    return 'other';
  }
  return DDL.has(first) ? 'ddl' : 'other';
}

/**
 * Statements that reach outside the database: other database files (ATTACH, DETACH), extensions'
 * code (INSTALL, FORCE INSTALL, LOAD, UPDATE EXTENSIONS), and files written or read (COPY, EXPORT
 * DATABASE, IMPORT DATABASE). The sandbox refuses their file access too; these are refused before.
 */
const FILES_OR_CODE = new Set(['ATTACH', 'DETACH', 'INSTALL', 'LOAD', 'COPY', 'EXPORT', 'IMPORT']);

const TWO_WORD_TYPES = new Set(['FORCE INSTALL', 'UPDATE EXTENSIONS']);

/** A non-SELECT statement's type: its first keyword, or its first two for FORCE INSTALL and UPDATE EXTENSIONS. */
function typeOf(piece: Piece): string {
  const [first = '', second = ''] = piece.tokens.map((token) => token.text.toUpperCase());
  return TWO_WORD_TYPES.has(`${first} ${second}`) ? `${first} ${second}` : first;
}

const touchesFilesOrCode = (type: string) => FILES_OR_CODE.has(type) || TWO_WORD_TYPES.has(type);

interface Reading {
  statement: ParsedStatement;
  tree: import('./json.ts').Json | null;
}

async function read(piece: Piece): Promise<Reading> {
  const serialized = await serialize(piece.sql);
  if (serialized.ok) {
    return {
      statement: { sql: piece.sql, kind: 'read', type: 'SELECT', touchesFilesOrCode: false },
      tree: serialized.statements[0] ?? null,
    };
  }
  if (!serialized.notSelect) throw new SqlParseError('duckdb', serialized.error);
  const type = typeOf(piece);
  return {
    statement: {
      sql: piece.sql,
      kind: await kindOf(piece),
      type,
      touchesFilesOrCode: touchesFilesOrCode(type),
    },
    tree: null,
  };
}

async function readScript(sql: string): Promise<Reading[]> {
  await loadLexer();
  // The lexer's error, if any, is reported after DuckDB's count, whose message says more.
  let pieces: Piece[] | null = null;
  let lexerError: unknown = null;
  try {
    pieces = cut(sql);
  } catch (error) {
    lexerError = error;
  }
  // Most texts are one SELECT with nothing around it: its tree, asked first, also gives DuckDB's count
  // (serialize keeps it), so the count below costs no second trip into the engine.
  if (pieces?.length === 1 && pieces[0]?.sql === sql) await serialize(sql);
  const count = await countStatements(sql);
  if (!pieces) throw lexerError;
  if (pieces.length !== count)
    throw new SqlParseError('duckdb', 'The statements of the script cannot be told apart');
  const readings: Reading[] = [];
  for (const piece of pieces) {
    if ((await countStatements(piece.sql)) !== 1) {
      throw new SqlParseError('duckdb', 'The statements of the script cannot be told apart');
    }
    readings.push(await read(piece));
  }
  return readings;
}

export const duckdbParser: SqlParser = {
  engine: 'duckdb',
  deniedFunctions: DUCKDB_DENIED_FUNCTIONS,
  async split(sql) {
    return (await readScript(sql)).map((reading) => reading.statement);
  },
  async summarize(text): Promise<StatementSummary> {
    const readings = await readScript(text);
    const [only] = readings;
    if (!only || readings.length !== 1) {
      throw new SqlParseError('duckdb', `Expected exactly one statement, found ${readings.length}`);
    }
    // Statements DuckDB does not serialize have no tree to walk; they are never reads but EXPLAIN.
    if (only.tree === null) return new SummaryBuilder().build(only.statement, EMPTY_SHAPE);
    return summarizeDuckdb(only.statement, only.tree);
  },
  async hasComments(sql) {
    await loadLexer();
    return scan(sql).some((token) => COMMENT.has(token.tokenName));
  },
};
