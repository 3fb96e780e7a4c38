import { type Token, tokenize } from './sqlText.ts';

/**
 * What a CSV export replays before the result statement: the statements of the script that only
 * shape the session the result was read in — settings (SET, RESET, USE, PRAGMA), temporary tables
 * and views, and writes into those temporary tables. Statements with lasting effects (writes to real
 * tables, DDL) are not replayed: their effects are already in the database, and running them twice
 * would apply them twice.
 */

const SETTING_VERBS = new Set(['SET', 'RESET', 'USE', 'PRAGMA']);
const TEMPORARY = new Set(['TEMP', 'TEMPORARY']);
const WRITE_VERBS = new Set(['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE']);
/** Words between a write's verb and the table it writes to. */
const WRITE_FILLERS = new Set(['INTO', 'FROM', 'TABLE', 'OR', 'REPLACE', 'IGNORE', 'ONLY']);
/** Words between CREATE and TEMP, and between the object kind and its name. */
const CREATE_FILLERS = new Set(['OR', 'REPLACE', 'LOCAL', 'GLOBAL', 'IF', 'NOT', 'EXISTS']);
const TEMP_OBJECTS = new Set(['TABLE', 'VIEW', 'SEQUENCE', 'MACRO']);

function codeWords(statement: string): Token[] {
  return tokenize(statement).filter(
    (token) => token.depth === 0 && token.kind !== 'space' && token.kind !== 'comment',
  );
}

const word = (token: Token | undefined) => (token?.kind === 'word' ? token.text.toUpperCase() : '');

/** The last part of a (possibly qualified, possibly quoted) name starting at `index`, lower-cased. */
function nameAt(tokens: Token[], index: number): string | null {
  let name: string | null = null;
  for (let i = index; i < tokens.length; i += 2) {
    const token = tokens[i];
    if (!token || (token.kind !== 'word' && token.kind !== 'identifier')) break;
    name = token.kind === 'identifier' ? token.text.slice(1, -1) : token.text;
    if (tokens[i + 1]?.text !== '.') break;
  }
  return name === null ? null : name.toLowerCase();
}

function skip(tokens: Token[], index: number, fillers: Set<string>): number {
  let i = index;
  while (fillers.has(word(tokens[i]))) i++;
  return i;
}

/** The temporary object a statement creates, or null. */
function createdTemporary(tokens: Token[]): string | null {
  if (word(tokens[0]) !== 'CREATE') return null;
  let i = skip(tokens, 1, CREATE_FILLERS);
  if (!TEMPORARY.has(word(tokens[i]))) return null;
  i += 1;
  if (!TEMP_OBJECTS.has(word(tokens[i]))) return null;
  return nameAt(tokens, skip(tokens, i + 1, CREATE_FILLERS)) ?? '';
}

/** The table a write statement writes to, or null for anything else. */
function writtenTable(tokens: Token[]): string | null {
  if (!WRITE_VERBS.has(word(tokens[0]))) return null;
  return nameAt(tokens, skip(tokens, 1, WRITE_FILLERS));
}

/** The statements before `resultIndex` an export runs again, in order. */
export function sessionSetupStatements(statements: readonly string[], resultIndex: number): string[] {
  const temporary = new Set<string>();
  const setup: string[] = [];
  for (const statement of statements.slice(0, Math.max(resultIndex, 0))) {
    const tokens = codeWords(statement);
    if (SETTING_VERBS.has(word(tokens[0]))) {
      setup.push(statement);
      continue;
    }
    const created = createdTemporary(tokens);
    if (created !== null) {
      temporary.add(created);
      setup.push(statement);
      continue;
    }
    const written = writtenTable(tokens);
    if (written !== null && temporary.has(written)) setup.push(statement);
  }
  return setup;
}
