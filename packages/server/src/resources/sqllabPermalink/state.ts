import { BadRequestError } from '../../http/errors.ts';

/** The state a SQL Lab permalink keeps (Superset's SqlLabPermalinkSchema): what reopens the query in a tab. */
export interface SqlLabPermalinkState {
  /** Null when the tab had no database chosen: the link reopens the SQL alone. */
  dbId: number | null;
  sql: string;
  name?: string | null;
  catalog?: string | null;
  schema?: string | null;
  autorun?: boolean;
  templateParams?: string | null;
}

const OPTIONAL_TEXT = ['name', 'catalog', 'schema', 'templateParams'] as const;

/** Checks a posted state; problems are a 400 naming each field, as marshmallow answers. */
export function parsePermalinkState(body: unknown): SqlLabPermalinkState {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError({ _schema: ['Invalid input type.'] });
  }
  const input = body as Record<string, unknown>;
  const problems: Record<string, string[]> = {};
  if (input.dbId === undefined) problems.dbId = ['Missing data for required field.'];
  else if (input.dbId !== null && !Number.isSafeInteger(input.dbId)) problems.dbId = ['Not a valid integer.'];
  if (input.sql === undefined) problems.sql = ['Missing data for required field.'];
  else if (typeof input.sql !== 'string') problems.sql = ['Not a valid string.'];
  for (const field of OPTIONAL_TEXT) {
    const value = input[field];
    if (value !== undefined && value !== null && typeof value !== 'string')
      problems[field] = ['Not a valid string.'];
  }
  if (input.autorun !== undefined && typeof input.autorun !== 'boolean')
    problems.autorun = ['Not a valid boolean.'];
  if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  const state: SqlLabPermalinkState = { dbId: input.dbId as number | null, sql: input.sql as string };
  for (const field of OPTIONAL_TEXT) {
    if (input[field] !== undefined) state[field] = input[field] as string | null;
  }
  if (input.autorun !== undefined) state.autorun = input.autorun as boolean;
  return state;
}
