import type { EngineName } from '@vitrina/common/sql/engines';
import type { Json } from './json.ts';
import { loadSqlparser, parseRs, type SqlparserDialect, splitRs } from './sqlparserRsParse.ts';
import { describeRs, summarizeRs } from './sqlparserRsSummary.ts';
import { type ParsedStatement, SqlParseError, type SqlParser, type StatementSummary } from './types.ts';

export interface RsEngineOptions {
  engine: EngineName;
  dialect: SqlparserDialect;
  deniedFunctions: readonly string[];
  /** Refuses text the engine reads differently from the parser (throws SqlParseError). */
  refuseUnlike?: (sql: string) => void;
  /** Whether text holds comments the parser cannot report (MySQL's executable comments). */
  hiddenComments?: (sql: string) => boolean;
  /** A second opinion from the engine itself on one statement; may make its kind stricter. */
  confirm?: (statement: ParsedStatement, ast: Json) => ParsedStatement;
}

/** A SqlParser for an engine read by datafusion-sqlparser-rs in one of its dialects. */
export function sqlparserRsParser(options: RsEngineOptions): SqlParser {
  const { engine, dialect } = options;
  const pieces = async (sql: string) => {
    await loadSqlparser();
    options.refuseUnlike?.(sql);
    return splitRs(engine, dialect, sql);
  };
  const confirm = (statement: ParsedStatement, ast: Json) => options.confirm?.(statement, ast) ?? statement;
  return {
    engine,
    deniedFunctions: options.deniedFunctions,
    async split(sql) {
      return (await pieces(sql)).map((piece) =>
        confirm(describeRs(piece.sql, piece.statement), piece.statement),
      );
    },
    async summarize(statement): Promise<StatementSummary> {
      const found = await pieces(statement);
      const [only] = found;
      if (!only || found.length !== 1) {
        throw new SqlParseError(engine, `Expected exactly one statement, found ${found.length}`);
      }
      const summary = summarizeRs(only.sql, only.statement);
      const confirmed = confirm(summary, only.statement);
      return { ...summary, kind: confirmed.kind, type: confirmed.type };
    },
    async hasComments(sql) {
      await loadSqlparser();
      if (options.hiddenComments?.(sql)) return true;
      return parseRs(engine, dialect, sql).comments.length > 0;
    },
  };
}
