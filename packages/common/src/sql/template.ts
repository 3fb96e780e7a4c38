/**
 * `{{ name }}` placeholders in a dataset's SQL, filled from its template parameters. Deliberately
 * small: no expressions and no code, so user-written SQL can never run anything on the server.
 * Values are inserted as written, as Jinja does; quoting is the author's choice in the SQL.
 */
import { valueAtPath } from '../valueAtPath.ts';

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*)\s*\}\}/g;

export class MissingTemplateParamsError extends Error {
  constructor(readonly names: string[]) {
    super(`The following parameters in your query are undefined: ${names.join(', ')}.`);
    this.name = 'MissingTemplateParamsError';
  }
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asText).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The names a template uses, in order of first appearance. */
export function templateParameterNames(sql: string): string[] {
  return [...new Set([...sql.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

export function renderSqlTemplate(sql: string, params: Record<string, unknown>): string {
  const missing = templateParameterNames(sql).filter((name) => valueAtPath(params, name) == null);
  if (missing.length) throw new MissingTemplateParamsError(missing);
  return sql.replace(PLACEHOLDER, (_whole, name: string) => asText(valueAtPath(params, name)));
}
