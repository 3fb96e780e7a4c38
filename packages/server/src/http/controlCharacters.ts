import type { FastifyRequest } from 'fastify';
import { BadRequestError } from './errors.ts';
import type { App } from './types.ts';

/**
 * Control characters in what clients send. NUL cannot be stored at all (PostgreSQL refuses it in text,
 * which was a 500), and the other C0/C1 controls have no business in anything a person writes; tab,
 * line feed and carriage return belong in free text (SQL, markdown, descriptions) but not in a name,
 * a title or a slug. One hook applies this to every write, so no route has to remember it.
 */

/** C0 and C1 controls and DEL, but not tab, line feed or carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Any control character at all, for one-line values. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const ANY_CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const NUL = /\u0000/;

/**
 * Fields whose value is one line, by the last word of their name: `dashboard_title`, `slice_name_ru`,
 * `table_name`, `slug`, `username`, `client_id`, `viz_type`, `main_dttm_col`…
 */
const ONE_LINE_WORDS = new Set([
  'name',
  'username',
  'title',
  'slug',
  'label',
  'email',
  'tab',
  'schema',
  'catalog',
  'database',
  'by',
  'uri',
  'url',
  'host',
  'key',
  'id',
  'uuid',
  'type',
  'format',
  'd3format',
  'engine',
  'driver',
  'team',
  'role',
  'symbol',
  'currency',
  'endpoint',
  'col',
  'method',
  'language',
  'provider',
]);

export const CONTROL_CHARACTER_MESSAGE = 'Must not contain control characters.';
export const ONE_LINE_MESSAGE = 'Must be one line, without tabs or control characters.';

/** Answers by field name: a body has few distinct keys, and every write's body is checked. */
const oneLineByName = new Map<string, boolean>();
const MAX_REMEMBERED_NAMES = 10_000;

/** True when a field of this name holds one line (a name, a title, a slug, an id). */
export function isOneLineField(key: string): boolean {
  const known = oneLineByName.get(key);
  if (known !== undefined) return known;
  const words = key
    .replace(/_ru$/i, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .split('_');
  const oneLine = ONE_LINE_WORDS.has(words.at(-1) ?? '');
  // Names are the API's, not users' (a key a client makes up is remembered until the bound).
  if (oneLineByName.size < MAX_REMEMBERED_NAMES) oneLineByName.set(key, oneLine);
  return oneLine;
}

/**
 * What is wrong with a value's strings, by path (`dashboard_title`, `metrics.0.metric_name`): control
 * characters anywhere, and tabs or line breaks in one-line fields and in object keys.
 */
export function controlCharacterProblems(value: unknown, path = ''): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const visit = (node: unknown, at: string, oneLine: boolean) => {
    if (typeof node === 'string') {
      if ((oneLine ? ANY_CONTROL : CONTROL).test(node)) {
        problems[at || 'body'] = [oneLine ? ONE_LINE_MESSAGE : CONTROL_CHARACTER_MESSAGE];
      }
      return;
    }
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) visit(item, `${at}.${index}`, oneLine);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      const childPath = at ? `${at}.${key}` : key;
      if (ANY_CONTROL.test(key)) problems[childPath.replace(ANY_CONTROL, '?')] = [ONE_LINE_MESSAGE];
      else visit(child, childPath, isOneLineField(key));
    }
  };
  visit(value, path, false);
  return problems;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function nulIn(values: unknown): boolean {
  if (values === null || typeof values !== 'object') return false;
  return Object.entries(values).some(
    ([key, value]) => NUL.test(key) || (typeof value === 'string' && NUL.test(value)),
  );
}

/**
 * The hook: a write's body is checked whole; every request's path parameters and query string are
 * checked for NUL, which no store or lookup can take. Registered after authentication, so callers
 * who may not use the route learn nothing from it.
 */
export function registerControlCharacterCheck(app: App): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (nulIn(request.params) || nulIn(request.query)) {
      throw new BadRequestError('The address must not contain NUL characters.');
    }
    if (!WRITES.has(request.method) || request.body === undefined) return;
    const problems = controlCharacterProblems(request.body);
    if (Object.keys(problems).length > 0) throw new BadRequestError(problems);
  });
}
