import type { SqlDialect, SqlValue } from '@vitrina/common/sql/dialect';

/**
 * The compiled SQL with its bound parameters written in as the dialect's literals — for display only
 * (the `query` field, result_type `query`); the query itself always runs with bound parameters.
 * Placeholders inside quoted text and comments are left alone.
 */
export function inlineParameters(sql: string, params: readonly unknown[], dialect: SqlDialect): string {
  if (params.length === 0) return sql;
  const first = dialect.parameterPlaceholder(1);
  const positional = first === '?';
  const braced = first.startsWith('{');
  const literal = (index: number): string | null => {
    if (index < 0 || index >= params.length) return null;
    const value = params[index];
    try {
      return dialect.literal(value === undefined ? null : (value as SqlValue));
    } catch {
      return null;
    }
  };
  let out = '';
  let next = 0;
  let i = 0;
  while (i < sql.length) {
    const char = sql[i] as string;
    const following = sql[i + 1];
    if (char === "'" || char === '"' || char === '`') {
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === char) {
          if (sql[j + 1] === char) j += 2;
          else break;
        } else j++;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (char === '-' && following === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      out += sql.slice(i, stop);
      i = stop;
    } else if (char === '/' && following === '*') {
      const end = sql.indexOf('*/', i + 2);
      const stop = end < 0 ? sql.length : end + 2;
      out += sql.slice(i, stop);
      i = stop;
    } else if (positional && char === '?') {
      out += literal(next++) ?? '?';
      i++;
    } else if (braced && char === '{' && /^\{p\d+:[^}]+\}/.test(sql.slice(i, i + 64))) {
      const match = /^\{p(\d+):[^}]+\}/.exec(sql.slice(i, i + 64)) as RegExpExecArray;
      out += literal(Number(match[1]) - 1) ?? match[0];
      i += match[0].length;
    } else if (!positional && !braced && char === '$' && /\d/.test(following ?? '')) {
      const match = /^\$(\d+)/.exec(sql.slice(i)) as RegExpExecArray;
      out += literal(Number(match[1]) - 1) ?? match[0];
      i += match[0].length;
    } else {
      out += char;
      i++;
    }
  }
  return out;
}
