import type { CsvStreamOptions } from './driver.ts';

/**
 * The CSV line of a result row built in SQL, so the engine formats every value (vectorised, in its own
 * threads) and the server only moves bytes. The rules are those of the JavaScript writer
 * (flows/export/csv.ts), value for value, from the forms the drivers normalise values to
 * (valueNormalizer.ts): numbers in plain notation (never an exponent), decimals as numbers, NULL as
 * an empty cell, the formula guard and RFC 4180 quoting on text. The SQL here uses standard string
 * functions only; a driver says how its types become text, how it tests a regular expression and how
 * it keeps a stage from being inlined. DuckDB uses it (duckdb.ts); differences that remain are in
 * docs/decisions.md.
 */

/** How one column's text (the driver's expression) becomes a cell. */
export type CsvCellForm =
  /** Exact integer text (or the integer itself, where the engine prints it so) with no point or exponent. */
  | 'integer'
  /** A double's shortest round-trip text as the engine prints it (`1.0`, `1e+21`, `nan`). */
  | 'float'
  /** Decimal text: whole values as integers, the others as the double they round to (Superset's float()). */
  | 'decimal'
  /** Decimal text without trailing zeros in its fraction (and no point when whole). */
  | 'trimmedDecimal'
  /** `true` / `false`. */
  | 'boolean'
  /** Free text: the formula guard and quoting. */
  | 'text'
  /** Text already in the writer's form (dates, timestamps), or a value the engine prints so: as it is. */
  | 'verbatim';

export interface CsvColumnSql {
  form: CsvCellForm;
  /** The column's value as SQL text (the driver's cast), given the column reference. */
  text: (ref: string) => string;
}

export interface CsvEngineSql {
  /** A boolean SQL expression: `expr` matches the (RE2 / POSIX ARE compatible) pattern. */
  matches(expr: string, pattern: string): string;
  /** A text cast to a double and printed back as its shortest round-trip text. */
  textAsDoubleText(expr: string): string;
  /** What ends the inner SELECT so it is evaluated once per row, not pasted into the outer one. */
  fence: string;
  /**
   * A cheap SQL test that a text's first character begins no formula (and is no blank or quote),
   * tried before the guard's full tests; most texts start with a letter or a digit.
   */
  plainStart?(expr: string): string;
}

/** A SQL string literal (standard strings: only the quote is doubled). */
export function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** JavaScript's `\s` (the writer's FORMULA_START uses it), spelled out for the engines' regex engines. */
const JS_SPACE = '\\t\\n\\v\\f\\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** The same characters one by one. */
const JS_SPACE_CHARS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff';
/** escapeFormula's FORMULA_START. */
const FORMULA_START = `^[-@+|=%\\t\\r]|^(""|[${JS_SPACE}]+)[-@+|=%]`;
/** escapeFormula's NEGATIVE_NUMBER. */
const NEGATIVE_NUMBER = '^-[0-9.]+$';

/** Plain decimal notation of a shortest round-trip text (plainNumber in csv.ts); NULL when not finite. */
function plainNumberSql(text: string): string {
  const abs = `ltrim(${text}, '-')`;
  const mantissa = `split_part(${abs}, 'e', 1)`;
  const exponent = `CAST(split_part(${abs}, 'e', 2) AS INTEGER)`;
  const digits = `replace(${mantissa}, '.', '')`;
  const point = `((CASE WHEN strpos(${mantissa}, '.') = 0 THEN length(${mantissa}) ELSE strpos(${mantissa}, '.') - 1 END) + ${exponent})`;
  const expanded =
    `(CASE WHEN left(${text}, 1) = '-' THEN '-' ELSE '' END) || ` +
    `(CASE WHEN ${point} <= 0 THEN '0.' || repeat('0', -${point}) || ${digits} ` +
    `WHEN ${point} >= length(${digits}) THEN ${digits} || repeat('0', ${point} - length(${digits})) ` +
    `ELSE left(${digits}, ${point}) || '.' || substr(${digits}, ${point} + 1) END)`;
  const trimmed = `(CASE WHEN strpos(${text}, '.') > 0 THEN rtrim(rtrim(${text}, '0'), '.') ELSE ${text} END)`;
  return (
    // Finite number text has no `n`: `nan`, `inf`, `NaN`, `-Infinity` do. (Not IN (…): DuckDB plans
    // an IN list as a join, which gives up the rows' order.)
    `(CASE WHEN strpos(${text}, 'n') > 0 OR strpos(${text}, 'N') > 0 THEN NULL ` +
    `WHEN strpos(${text}, 'e') > 0 THEN ${expanded} ` +
    `WHEN ${trimmed} = '-0' THEN '0' ELSE ${trimmed} END)`
  );
}

/**
 * Decimal text as normalizeDecimalText leaves it and the writer prints it: whole values as integers,
 * the others as the double they round to (`asDouble`: that double's text); text that is no number
 * (`NaN`, `Infinity`: the only ones with an `n`) as text, through `asText`. A fraction of at most 16
 * characters has at most 15 significant digits, which a double keeps exactly, so its shortest
 * round-trip text is the decimal's own without trailing zeros: only longer ones pay for the double
 * (the engines print decimals in plain digits, never with an exponent).
 */
function decimalSql(text: string, asDouble: string, asText: (text: string) => string): string {
  const whole = `split_part(${text}, '.', 1)`;
  return (
    // The common case first: a short fraction (`12.50` → `12.5`, `12.00` → `12`). Decimals have no
    // negative zero, and text with a point is no NaN or Infinity.
    `(CASE WHEN strpos(${text}, '.') > 0 AND length(${text}) <= 16 THEN rtrim(rtrim(${text}, '0'), '.') ` +
    `WHEN strpos(${text}, 'n') > 0 OR strpos(${text}, 'N') > 0 THEN ${asText(text)} ` +
    `WHEN rtrim(split_part(${text}, '.', 2), '0') = '' ` +
    `THEN (CASE WHEN ltrim(${whole}, '+-') = '0' THEN '0' ELSE ltrim(${whole}, '+') END) ` +
    `ELSE ${plainNumberSql(asDouble)} END)`
  );
}

/**
 * decimalSql for text already without trailing fraction zeros: at most 16 characters is at most 15
 * significant digits, the text as it is; of the texts that are no number (`NaN`, `Infinity`,
 * `-Infinity`) only `-Infinity` is one the formula guard changes.
 */
function trimmedDecimalSql(text: string, asDouble: string, asText: (text: string) => string): string {
  return (
    `(CASE WHEN length(${text}) <= 16 AND ${text} <> '-Infinity' THEN ${text} ` +
    `WHEN strpos(${text}, 'n') > 0 OR strpos(${text}, 'N') > 0 THEN ${asText(text)} ` +
    `WHEN strpos(${text}, '.') = 0 THEN ${text} ` +
    `ELSE ${plainNumberSql(asDouble)} END)`
  );
}

/** `text` is not empty and its first (or last) character is one of `chars`. */
function startsWithOneOf(text: string, chars: string, end: 'left' | 'right' = 'left'): string {
  // strpos(…, '') is 1: an empty text must not count.
  return `(${text} <> '' AND strpos(${sqlString(chars)}, ${end}(${text}, 1)) > 0)`;
}

/** The cells stage of csvLineSql: each column's cell before quoting, with what quoting it needs. */
interface CsvCells {
  /** `SELECT <cells> FROM (SELECT <texts> FROM (<sql>) …)`: columns v0, v1…, NULL for an empty cell. */
  sql: string;
  /** Per column: whether writeCsv quotes this cell by its content (the delimiter, a quote, a blank…). */
  quoted: boolean[];
}

/**
 * Each value as its cell's text before quoting, in two stages: the value becomes text once
 * (innermost), then its cell (the number forms, the formula guard). The fence keeps an engine without
 * common subexpressions from pasting one stage into every use in the next. Columns are renamed
 * positionally, so duplicate or odd names cannot clash. The tests are string functions, not regular
 * expressions, where they can be (PostgreSQL runs regexes slowly), and never IN lists (DuckDB plans
 * those as joins, which give up the rows' order). The statement stands on lines of its own, so a
 * trailing line comment in it cannot swallow what follows.
 */
export function csvCellsSql(
  sql: string,
  columns: readonly CsvColumnSql[],
  options: Pick<CsvStreamOptions, 'delimiter' | 'decimalSeparator' | 'formulaGuard'>,
  engine: CsvEngineSql,
): CsvCells {
  const delimiter = options.delimiter;
  // escapeFormula: a formula start (the regex only where the first character may begin one after blanks).
  const guard = (text: string) => {
    if (!options.formulaGuard) return text;
    const escaped = `'''' || replace(${text}, '|', '\\|')`;
    const plain = engine.plainStart ? `WHEN ${engine.plainStart(text)} THEN ${text} ` : '';
    return (
      `(CASE ${plain}WHEN ${startsWithOneOf(text, '-@+|=%\t\r')} ` +
      `THEN (CASE WHEN left(${text}, 1) = '-' AND ${engine.matches(text, NEGATIVE_NUMBER)} THEN ${text} ELSE ${escaped} END) ` +
      `WHEN ${startsWithOneOf(text, `"${JS_SPACE_CHARS}`)} AND ${engine.matches(text, FORMULA_START)} ` +
      `THEN ${escaped} ELSE ${text} END)`
    );
  };
  const comma = options.decimalSeparator === ',';
  const local = (text: string) => (comma ? `replace(${text}, '.', ',')` : text);
  // Numbers are quoted only when the delimiter can occur in them (decimals' NaN and Infinity too).
  const numberQuotes = /[0-9.+-]/.test(delimiter) || (comma && delimiter === ',');
  const decimalQuotes = numberQuotes || /[A-Za-z']/.test(delimiter);
  const texts: string[] = [];
  const values: string[] = [];
  const quoted = columns.map((column, i) => {
    const source = column.text(`vitrina_csv.c${i}`);
    texts.push(`${source} AS t${i}`);
    const text = `vitrina_texts.t${i}`;
    switch (column.form) {
      case 'integer':
        // Integer text has no decimal point to localise; an engine may pass the value itself.
        values.push(`${text} AS v${i}`);
        return numberQuotes;
      case 'float':
        values.push(`${local(plainNumberSql(text))} AS v${i}`);
        return numberQuotes;
      case 'decimal':
        // The double is read only for fractions too long to be exact (decimalSql).
        values.push(`${local(decimalSql(text, engine.textAsDoubleText(text), guard))} AS v${i}`);
        return decimalQuotes;
      case 'trimmedDecimal':
        values.push(`${local(trimmedDecimalSql(text, engine.textAsDoubleText(text), guard))} AS v${i}`);
        return decimalQuotes;
      case 'boolean':
      case 'verbatim':
        values.push(`${text} AS v${i}`);
        return false;
      default:
        // 'text'
        values.push(`${guard(text)} AS v${i}`);
        return true;
    }
  });
  const names = columns.map((_, i) => `c${i}`).join(', ');
  return {
    sql:
      `SELECT ${values.join(', ') || '1 AS v'} ` +
      `FROM (SELECT ${texts.join(', ') || '1 AS t'} FROM (\n${sql}\n) AS vitrina_csv(${names})${engine.fence}) ` +
      'AS vitrina_texts',
    quoted,
  };
}

/**
 * `SELECT <line> FROM (<csvCellsSql>)`: one text column, the row's CSV line (with `terminator`
 * appended when given): each cell quoted as writeCsv quotes it, NULL as an empty cell.
 */
export function csvLineSql(
  sql: string,
  columns: readonly CsvColumnSql[],
  options: Pick<CsvStreamOptions, 'delimiter' | 'decimalSeparator' | 'formulaGuard'>,
  engine: CsvEngineSql,
  terminator: string | null,
): string {
  const delimiter = options.delimiter;
  // writeCsv's quoting: a quote, CR, LF or the delimiter inside, or a blank or tab at either end.
  const quote = (text: string) =>
    `(CASE WHEN ${text} <> '' AND (strpos(${text}, '"') > 0 OR strpos(${text}, chr(10)) > 0 ` +
    `OR strpos(${text}, chr(13)) > 0 OR strpos(${text}, ${sqlString(delimiter)}) > 0 ` +
    `OR ${startsWithOneOf(text, ' \t')} OR ${startsWithOneOf(text, ' \t', 'right')}) ` +
    `THEN '"' || replace(${text}, '"', '""') || '"' ELSE ${text} END)`;
  const cells = csvCellsSql(sql, columns, options, engine);
  // concat() takes NULL as an empty text and writes the line once (a chain of `||` copies it per cell).
  const parts = cells.quoted.flatMap((quoted, i) => {
    const value = `vitrina_values.v${i}`;
    return i === 0 ? [quoted ? quote(value) : value] : [sqlString(delimiter), quoted ? quote(value) : value];
  });
  if (terminator !== null) parts.push(terminator);
  return `SELECT concat(${parts.join(', ') || "''"}) AS line FROM (${cells.sql}${engine.fence}) AS vitrina_values`;
}
