import { loadModule, parseSync } from 'libpg-query';
import { type CsvColumnSql, type CsvEngineSql, csvCellsSql, sqlString } from './csvLines.ts';
import type { CsvStreamOptions } from './driver.ts';
import { walkJson } from './parsers/json.ts';

/**
 * PostgreSQL's CSV export: `COPY (<cells>) TO STDOUT (FORMAT csv)`. The cells are csvLines.ts's
 * values stage (the number forms and the formula guard in SQL, one expression a column); COPY itself
 * joins, quotes and writes the lines, and copyCsv.ts mends the three ways its bytes differ from
 * writeCsv's. Building whole lines in SQL measured slower than the JavaScript writer on PostgreSQL
 * (it evaluates every concatenation row by row); this leaves it the work it does natively.
 */

const text = (ref: string) => `CAST(${ref} AS text)`;
/** A value COPY prints as the cell already (integers, dates, times, timestamps): no cast to pay for. */
const itself = (ref: string) => ref;

/** trim_scale() (PostgreSQL 13): a numeric without its fraction's trailing zeros. */
const TRIM_SCALE_SINCE = 13;

/**
 * How PostgreSQL types (by OID) become CSV cells on a server of this major version; a type not here
 * takes the JavaScript writer.
 */
export function postgresCsvColumn(oid: number, serverMajor: number): CsvColumnSql | null {
  switch (oid) {
    case 16: // boolean: `true` / `false` as text (COPY itself would write t / f)
      return { form: 'boolean', text };
    case 20: // bigint
    case 21: // smallint
    case 23: // integer
      return { form: 'integer', text: itself };
    case 700: // real: its own shortest text (a double's would show the float's binary noise)
    case 701: // double precision
      return { form: 'float', text };
    case 1700: // numeric: trimmed by the server where it can (cheaper than trimming its text in SQL)
      return serverMajor >= TRIM_SCALE_SINCE
        ? { form: 'trimmedDecimal', text: (ref) => `CAST(trim_scale(${ref}) AS text)` }
        : { form: 'decimal', text };
    case 19: // name
    case 25: // text
    case 1043: // character varying
      return { form: 'text', text };
    case 1082: // date: `2024-03-13`
    case 1083: // time: `10:37:42.5`
    case 1114: // timestamp: `2024-03-13 10:37:42.5`, the writer's form (fraction already trimmed)
      return { form: 'verbatim', text: itself };
    case 1184:
      // timestamptz: in UTC with a Z, as the driver normalises it; infinity as PostgreSQL prints it.
      return {
        form: 'verbatim',
        text: (ref) =>
          `(CASE WHEN isfinite(${ref}) THEN CAST(${ref} AT TIME ZONE 'UTC' AS text) || 'Z' ELSE CAST(${ref} AS text) END)`,
      };
    default:
      return null;
  }
}

const POSTGRES_CSV_SQL: CsvEngineSql = {
  matches: (expr, pattern) => `(${expr} ~ ${sqlString(pattern)})`,
  textAsDoubleText: (expr) => `CAST(CAST(${expr} AS double precision) AS text)`,
  // PostgreSQL does not compute a repeated expression once: OFFSET 0 keeps each stage a subquery.
  fence: ' OFFSET 0',
  // Digits, ASCII letters and the rest of `[\]^_\``, Latin to Cyrillic and on to U+167F (before the
  // first Unicode space): no formula start, blank or quote among them. ascii() is the code point.
  plainStart: (expr) =>
    `(ascii(${expr}) BETWEEN 48 AND 57 OR ascii(${expr}) BETWEEN 65 AND 122 OR ascii(${expr}) BETWEEN 256 AND 5759)`,
};

/**
 * Whether COPY's quoting matches writeCsv's for this delimiter. COPY quotes any field holding it;
 * the writer leaves booleans, dates, times and timestamps bare, so a delimiter that can occur in
 * those (letters, digits, `-`, `:`, `.`, `+`, a blank) or one of more than one byte takes the
 * JavaScript writer.
 */
export function copyTakesDelimiter(delimiter: string): boolean {
  return (
    delimiter.length === 1 && delimiter.charCodeAt(0) < 0x80 && !/[A-Za-z0-9\-:.+ "\r\n\\]/.test(delimiter)
  );
}

/**
 * The COPY statement of a query's CSV cells. It goes to the server as a simple query, where several
 * statements would all run, so PostgreSQL's own parser must read it as exactly one COPY: a query
 * that closes the wrapping's parentheses early is refused here, whatever checked it before.
 */
export async function copyCsvStatement(
  sql: string,
  columns: readonly CsvColumnSql[],
  options: Pick<CsvStreamOptions, 'delimiter' | 'decimalSeparator' | 'formulaGuard'>,
): Promise<string | null> {
  const cells = csvCellsSql(sql, columns, options, POSTGRES_CSV_SQL);
  const statement = `COPY (${cells.sql}) TO STDOUT (FORMAT csv, DELIMITER ${sqlString(options.delimiter)}, NULL '')`;
  const parsed = (await parsedByPostgres(statement)) as { stmts?: Array<{ stmt?: object }> } | null;
  const stmts = parsed?.stmts ?? [];
  return stmts.length === 1 && stmts[0]?.stmt && 'CopyStmt' in stmts[0].stmt ? statement : null;
}

let parserReady: Promise<void> | null = null;

/** PostgreSQL's own parse tree of a text (libpg-query), or null when it does not parse. */
async function parsedByPostgres(sql: string): Promise<unknown> {
  parserReady ??= loadModule();
  await parserReady;
  try {
    return parseSync(sql);
  } catch {
    return null;
  }
}

/** A `$n` of a statement: its number and where it stands (UTF-8 bytes). */
interface Placeholder {
  number: number;
  at: number;
  length: number;
}

/** The statement's `$n` placeholders as PostgreSQL's parser finds them (none in strings or comments). */
async function placeholdersOf(sql: string): Promise<Placeholder[] | null> {
  const tree = await parsedByPostgres(sql);
  if (tree === null) return null;
  const found: Placeholder[] = [];
  walkJson(tree as never, null, {
    entry: (key, value) => {
      if (key !== 'ParamRef' || typeof value !== 'object' || value === null || Array.isArray(value))
        return false;
      const { number, location } = value as { number?: unknown; location?: unknown };
      if (typeof number === 'number' && typeof location === 'number') {
        found.push({ number, at: location, length: 1 + String(number).length });
      }
      return true;
    },
  });
  return found.sort((a, b) => a.at - b.at);
}

/**
 * The statement with its bound parameters written in as literals quoted by the server itself
 * (`quote_nullable` of each value bound exactly as the query would bind it: text of unknown type,
 * which PostgreSQL types by its context as it types a quoted literal), at the places its own parser
 * finds them. COPY takes no parameters; this lets a filtered export use it. Null when the statement
 * does not parse, a placeholder has no value, or the text at a place is not that placeholder.
 */
export async function withParametersWritten(
  sql: string,
  params: readonly unknown[],
  quote: (selectSql: string, values: readonly unknown[]) => Promise<string[]>,
): Promise<string | null> {
  if (params.length === 0) return sql;
  const places = await placeholdersOf(sql);
  if (!places || places.some((place) => place.number < 1 || place.number > params.length)) return null;
  const select = `SELECT ${params.map((_, i) => `quote_nullable($${i + 1})`).join(', ')}`;
  const literals = await quote(select, params);
  const bytes = Buffer.from(sql, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (const place of places) {
    const token = bytes.subarray(place.at, place.at + place.length).toString('utf8');
    if (token !== `$${place.number}` || place.at < from) return null;
    parts.push(bytes.subarray(from, place.at), Buffer.from(literals[place.number - 1] ?? 'NULL', 'utf8'));
    from = place.at + place.length;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts).toString('utf8');
}
