import { sqlparserRsParser } from './sqlparserRsEngine.ts';

/**
 * Trino: read by datafusion-sqlparser-rs's generic dialect, whose lexer has Trino's quoting rules
 * (double-quoted identifiers with doubled quotes, no backslash escapes in '…', U&'…' strings, `--`
 * and `/* *\/` comments). node-sql-parser's `trino` build was tried and refused: it reads `"a""b"` as
 * column `a` aliased `b` and `t CROSS JOIN …` as table `t` aliased `CROSS`, so its tree cannot be
 * trusted. Trino itself runs one statement per request, a second wall.
 */
export const TRINO_DENIED_FUNCTIONS = [
  // Pass-through table functions: the text is run by the connector's own database, past Trino's grants.
  'query',
  'raw_query',
  'system.query',
  'system.raw_query',
] as const;

export const trinoParser = sqlparserRsParser({
  engine: 'trino',
  dialect: 'generic',
  deniedFunctions: TRINO_DENIED_FUNCTIONS,
});
