import { sqlparserRsParser } from './sqlparserRsEngine.ts';
import { SqlParseError } from './types.ts';

/**
 * MySQL and MariaDB: read by datafusion-sqlparser-rs's MySQL dialect, whose lexer follows MySQL's:
 * backslash escapes inside '…' and "…", backtick identifiers, `#` comments, and `--` a comment only
 * when followed by a space (`1--1` is arithmetic). node-sql-parser, the first candidate, reads `--x` as
 * a comment where MySQL does not, so `SELECT 1 --x; DELETE FROM t` hid a statement from it.
 * Executable comments (`/*! … *\/`, `/*M! … *\/`) run on the server but are comments to a parser: any
 * text holding one is refused, even inside a string literal (the refusal is by substring, never by
 * guessing where strings are). `GROUP BY … WITH ROLLUP`, which sqlparser-rs 0.62 cannot read, is read
 * by mysqlRollup.ts. Other statements the parser cannot read are refused, which includes `SELECT … INTO
 * OUTFILE/DUMPFILE` and `LOAD DATA INFILE` (named in the refusal as reaching files) and `HANDLER`.
 */
const EXECUTABLE_COMMENT = /\/\*M?!/i;

export const MYSQL_DENIED_FUNCTIONS = [
  // Files on the database server.
  'load_file',
  // User-defined functions commonly installed to run programs.
  'sys_exec',
  'sys_eval',
  // Locks shared with other sessions.
  'get_lock',
  'release_lock',
  'release_all_locks',
  'is_free_lock',
  'is_used_lock',
  // Settings, and waiting on replication.
  'master_pos_wait',
  'source_pos_wait',
  'wait_for_executed_gtid_set',
  'wait_until_sql_thread_after_gtids',
] as const;

export const mysqlParser = sqlparserRsParser({
  engine: 'mysql',
  dialect: 'mysql',
  deniedFunctions: MYSQL_DENIED_FUNCTIONS,
  refuseUnlike(sql) {
    if (EXECUTABLE_COMMENT.test(sql)) {
      throw new SqlParseError('mysql', 'Executable comments (/*! … */) are not allowed');
    }
  },
  hiddenComments: (sql) => EXECUTABLE_COMMENT.test(sql),
});
