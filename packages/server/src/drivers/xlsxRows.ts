import { sqlString } from './csvLines.ts';
import type { XlsxRowsOptions } from './driver.ts';

/**
 * The sheet XML of a result row (`<row r="7">` and its `<c>` cells) built in DuckDB's SQL, so the
 * engine types, escapes and prints every value (vectorised, in its own threads) and the server only
 * moves bytes into the zip. The rules are the JavaScript writer's (flows/export/xlsx/cells.ts) for the
 * values the DuckDB driver hands it (duckdb.ts, valueNormalizer.ts), byte for byte: numbers as `<v>`
 * in JavaScript's own number text, integers at or past ±1e15 as text (decimals and big integers as
 * that would print them: a value only through the double it becomes), dates and timestamps as serial
 * numbers with the date or date-time style from 1900-03-01 to 9999 (the driver's ISO text before and
 * after), booleans `t="b"`, text as an inline string cut at Excel's cell limit (in UTF-16 units, never
 * between a surrogate pair), the characters XML cannot carry dropped, `&<>"` escaped and
 * `xml:space="preserve"` on a leading or trailing blank; NULL (and a NaN or infinite double) is no
 * cell. Row and cell references follow the sheet the row lands on (`rowsPerSheet` a sheet): the
 * writer splits the rows into sheets by the same count. Only DuckDB has this path.
 */

/** How one column's value becomes a cell. */
export type XlsxCellForm =
  /** Integers that are always below 1e15 (up to 32 bits): the number. */
  | 'smallInteger'
  /** Any integer (BIGINT, HUGEINT…): the number below 1e15, else text. */
  | 'integer'
  /** A double (FLOAT widened first, as the driver does). */
  | 'float'
  | 'decimal'
  | 'boolean'
  | 'date'
  /** A timestamp without a zone (its wall clock) or with one (its UTC clock, `Z` in its text). */
  | 'timestamp'
  | 'timestampZoned'
  /** Text the driver passes on as DuckDB prints it (TIME): an inline string. */
  | 'printed'
  | 'text';

/**
 * A double's text as JavaScript's String() prints it, from the double `d` (finite) and DuckDB's text of
 * it `t` (one stage earlier: DuckDB repeats an expression in each branch of a CASE that uses it).
 */
function jsNumberText(d: string, t: string): string {
  const abs = `ltrim(${t}, '-')`;
  const sign = `(CASE WHEN ${d} < 0 THEN '-' ELSE '' END)`;
  // DuckDB's exponent form: one digit, maybe a fraction, `e±NN` (`1.2345e+22`, `1.5e-07`).
  const digits = `replace(split_part(${abs}, 'e', 1), '.', '')`;
  const k = `length(${digits})`;
  const n = `(CAST(split_part(${abs}, 'e', 2) AS INTEGER) + 1)`;
  const fromExponent =
    `${sign} || (CASE WHEN ${n} BETWEEN ${k} AND 21 THEN ${digits} || repeat('0', ${n} - ${k}) ` +
    `WHEN ${n} BETWEEN 1 AND 21 THEN left(${digits}, ${n}) || '.' || substr(${digits}, ${n} + 1) ` +
    `WHEN ${n} BETWEEN -5 AND 0 THEN '0.' || repeat('0', -${n}) || ${digits} ` +
    `ELSE left(${digits}, 1) || (CASE WHEN ${k} > 1 THEN '.' || substr(${digits}, 2) ELSE '' END) || 'e' || ` +
    `(CASE WHEN ${n} > 0 THEN '+' ELSE '-' END) || CAST(abs(${n} - 1) AS VARCHAR) END)`;
  return `(CASE WHEN ${d} = 0 THEN '0' WHEN strpos(${t}, 'e') = 0 THEN ${plainDoubleText(t)} ELSE ${fromExponent} END)`;
}

/** DuckDB's plain text of a double (no exponent) as JavaScript's: without the `.0` of whole values. */
const plainDoubleText = (t: string) =>
  `(CASE WHEN suffix(${t}, '.0') THEN left(${t}, length(${t}) - 2) ELSE ${t} END)`;

/** The tail of a cell (after `<c r="B7`) holding text that needs no escaping (digits, ISO forms). */
const plainText = (text: string) => `concat('" t="inlineStr"><is><t>', ${text}, '</t></is></c>')`;
const numberTail = (text: string) => `concat('"><v>', ${text}, '</v></c>')`;

/** cells.ts's numberCell for a double `d` with DuckDB's text `t`; NULL when it is not finite (no cell). */
function doubleTail(d: string, t: string): string {
  return (
    `(CASE WHEN NOT isfinite(${d}) THEN NULL ` +
    `WHEN abs(${d}) >= CAST(1e15 AS DOUBLE) AND ${d} = trunc(${d}) THEN ${plainText(jsNumberText(d, t))} ` +
    `ELSE ${numberTail(jsNumberText(d, t))} END)`
  );
}

/**
 * Integer digits `t` (optional `-`): a number below 1e15; else text, as String() prints the number
 * the writer turns it into — the exponent form only past 1e21 with at most 15 significant digits.
 * `small`: a cheaper test of the value below 1e15 than the text's length, where there is one.
 */
function integerTail(t: string, small = `length(ltrim(${t}, '-')) <= 15`): string {
  const abs = `ltrim(${t}, '-')`;
  const significant = `rtrim(${abs}, '0')`;
  const exponent =
    `(CASE WHEN left(${t}, 1) = '-' THEN '-' ELSE '' END) || left(${significant}, 1) || ` +
    `(CASE WHEN length(${significant}) > 1 THEN '.' || substr(${significant}, 2) ELSE '' END) || ` +
    `'e+' || CAST(length(${abs}) - 1 AS VARCHAR)`;
  return (
    `(CASE WHEN ${small} THEN ${numberTail(t)} ` +
    `WHEN length(${abs}) >= 22 AND length(${significant}) <= 15 THEN ${plainText(exponent)} ` +
    `ELSE ${plainText(t)} END)`
  );
}

/**
 * A DECIMAL `x`: whole values as integers (normalizeDecimalText); the others as the double the
 * driver turns them into. A fraction of at most 16 characters has at most 15 significant digits,
 * which the double keeps, so its JavaScript text is the decimal's own without trailing zeros unless
 * it is below 1e-6 (an exponent then); longer ones go through the double read from the text (DuckDB's
 * DECIMAL to DOUBLE cast divides an already rounded integer).
 */
function decimalTail(x: string, t: string): string {
  // Rare (a long fraction): the double and its text are computed where needed.
  const d = `CAST(${t} AS DOUBLE)`;
  return (
    `(CASE WHEN ${x} = trunc(${x}) THEN ${integerTail(`split_part(${t}, '.', 1)`)} ` +
    `WHEN length(${t}) <= 16 AND abs(${x}) >= 0.000001 THEN ${numberTail(`rtrim(${t}, '0')`)} ` +
    `ELSE ${doubleTail(d, `CAST(${d} AS VARCHAR)`)} END)`
  );
}

/** `year` with at least four digits, as valueNormalizer's pad(). */
function paddedYear(year: string): string {
  const digits = (n: string) =>
    `(CASE WHEN ${n} >= 10000 THEN CAST(${n} AS VARCHAR) ELSE lpad(CAST(${n} AS VARCHAR), 4, '0') END)`;
  return `(CASE WHEN ${year} < 0 THEN '-' || ${digits(`-${year}`)} ELSE ${digits(year)} END)`;
}

/** Days since 1970 that JavaScript's Date holds (±100,000,000). */
const JS_DAYS = 100_000_000;
/** Microseconds since 1970 of 1900-03-01 (Excel's first true serial) and of 10000-01-01. */
const FIRST_SERIAL_US = -2_203_891_200_000_000n;
const YEAR_10000_US = 253_402_300_800_000_000n;
const DAY_US = 86_400_000_000n;
/** Excel's serial of 1970-01-01. */
const EPOCH_SERIAL = 25_569;

function dateTail(x: string, style: number): string {
  const days = `(${x} - DATE '1970-01-01')`;
  // dateFromEpochDays: the astronomical year; a day JavaScript's Date cannot hold prints NaN. The
  // infinities are DuckDB's client's text of their day numbers (±2,147,483,647).
  const text =
    `(CASE WHEN NOT isfinite(${x}) THEN (CASE WHEN ${x} > DATE '1970-01-01' THEN '5881580-07-11' ELSE '5877642-06-24 (BC)' END) ` +
    `WHEN abs(${days}) > ${JS_DAYS} THEN '0NaN-NaN-NaN' ` +
    `ELSE ${paddedYear(`year(${x})`)} || strftime(${x}, '-%m-%d') END)`;
  return (
    `(CASE WHEN ${x} >= DATE '1900-03-01' AND ${x} <= DATE '9999-12-31' ` +
    `THEN concat('" s="${style}"><v>', CAST(${days} + ${EPOCH_SERIAL} AS VARCHAR), '</v></c>') ` +
    `ELSE ${plainText(text)} END)`
  );
}

/** The infinities' microseconds (no finite timestamp has them). */
const INFINITY_US = 9_223_372_036_854_775_807n;

/** A timestamp `x` as microseconds since 1970 (its UTC clock), the infinities as ±INFINITY_US. */
function timestampMicros(x: string): string {
  return (
    `(CASE WHEN ${x} IS NULL THEN NULL WHEN isfinite(${x}) THEN epoch_us(${x}) ` +
    `WHEN ${x} > TIMESTAMP '1970-01-01' THEN ${INFINITY_US} ELSE -${INFINITY_US} END)`
  );
}

/**
 * timestampSerial's serial of microseconds `u` (the day, plus the second of the day and its fraction
 * over 86,400, in doubles in the same order, so the same bits), NULL outside 1900-03-01 to 9999.
 */
function timestampSerial(u: string): string {
  const dayOf = `(${u} // ${DAY_US} - (CASE WHEN ${u} % ${DAY_US} < 0 THEN 1 ELSE 0 END))`;
  const microOfDay = `(((${u} % ${DAY_US}) + ${DAY_US}) % ${DAY_US})`;
  return (
    `(CASE WHEN ${u} >= ${FIRST_SERIAL_US} AND ${u} < ${YEAR_10000_US} THEN ` +
    `CAST(${dayOf} + ${EPOCH_SERIAL} AS DOUBLE) + (CAST(${microOfDay} // 1000000 AS DOUBLE) + ` +
    `CAST(${microOfDay} % 1000000 AS DOUBLE) / CAST(1000000 AS DOUBLE)) / CAST(86400 AS DOUBLE) END)`
  );
}

/**
 * A timestamp's cell from its microseconds `u` and DuckDB's text of its serial `serial` (NULL outside
 * the serials' range): the serial (always plain text in DuckDB, 61 ≤ serial < 2,958,466), or
 * timestampFromEpochMicros's text: `YYYY-MM-DDTHH:MM:SS`, years outside 0–9999 in toISOString's six
 * digits cut at 19 characters, the fraction without trailing zeros, `Z` if zoned.
 */
function timestampTail(u: string, serial: string, zoned: boolean, style: number): string {
  const wall = `make_timestamp(${u})`;
  const year = `year(${wall})`;
  const micro = `(((${u} % 1000000) + 1000000) % 1000000)`;
  const fraction = `(CASE WHEN ${micro} = 0 THEN '' ELSE '.' || rtrim(lpad(CAST(${micro} AS VARCHAR), 6, '0'), '0') END)`;
  const text =
    `(CASE WHEN ${u} = ${INFINITY_US} THEN 'infinity' WHEN ${u} = -${INFINITY_US} THEN '-infinity' ` +
    `WHEN ${u} < -8640000000000000000 OR ${u} >= 8640000000000001000 THEN CAST(${u} AS VARCHAR) ` +
    `ELSE (CASE WHEN ${year} BETWEEN 0 AND 9999 THEN lpad(CAST(${year} AS VARCHAR), 4, '0') || strftime(${wall}, '-%m-%dT%H:%M:%S') ` +
    `ELSE (CASE WHEN ${year} < 0 THEN '-' ELSE '+' END) || lpad(CAST(abs(${year}) AS VARCHAR), 6, '0') || strftime(${wall}, '-%m-%dT%H:%M') END) ` +
    `|| ${fraction}${zoned ? ` || 'Z'` : ''} END)`;
  return (
    `(CASE WHEN ${serial} IS NOT NULL ` +
    `THEN concat('" s="${style}"><v>', ${plainDoubleText(serial)}, '</v></c>') ` +
    `ELSE ${plainText(text)} END)`
  );
}

/** Astral characters: two UTF-16 units each. */
const ASTRAL = '[\\x{10000}-\\x{10FFFF}]';
/** cells.ts's NEEDS_ESCAPE and INVALID_XML, in RE2's syntax. */
const INVALID_XML = '\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F\\x{FFFE}\\x{FFFF}';

/**
 * cells.ts's textCell: text `s` cut at `max` UTF-16 units (only text of more than `max` bytes can be
 * longer: every character takes at least as many bytes as units; each astral character is marked with
 * a following U+0001 so `left` counts units, an astral one whose mark was cut off goes too, and the
 * marks go again), then escaped; `xml:space="preserve"` when it starts or ends with a blank.
 */
function cutText(s: string, max: number): string {
  const marked = `regexp_replace(${s}, '(${ASTRAL})', '\\1' || chr(1), 'g')`;
  const head = `left(${marked}, ${max})`;
  const whole = `(CASE WHEN unicode(right(${head}, 1)) > 65535 THEN left(${head}, ${max - 1}) ELSE ${head} END)`;
  return `(CASE WHEN strlen(${s}) <= ${max} THEN ${s} ELSE regexp_replace(${whole}, '(${ASTRAL})\\x01', '\\1', 'g') END)`;
}

/** escapeXml: the characters XML cannot carry dropped, then `&<>"` as entities. */
function escapeText(cut: string): string {
  return (
    `(CASE WHEN regexp_matches(${cut}, '[<>&"${INVALID_XML}]') ` +
    `THEN replace(replace(replace(replace(regexp_replace(${cut}, '[${INVALID_XML}]', '', 'g'), '&', '&amp;'), ` +
    `'<', '&lt;'), '>', '&gt;'), '"', '&quot;') ELSE ${cut} END)`
  );
}

/** The inline string of escaped text `e`. */
function textCellTail(e: string): string {
  // A first or last code point up to 32: the invalid ones are gone, so a blank, tab, CR or LF.
  return (
    `(CASE WHEN ${e} <> '' AND (ascii(${e}) <= 32 OR ascii(right(${e}, 1)) <= 32) ` +
    `THEN concat('" t="inlineStr"><is><t xml:space="preserve">', ${e}, '</t></is></c>') ` +
    `ELSE concat('" t="inlineStr"><is><t>', ${e}, '</t></is></c>') END)`
  );
}

/**
 * The stages that turn a column's value into the tail of its cell: each maps the previous stage's
 * columns of this cell (`v` the value at first) to its own, the last to `tail` (NULL for no cell).
 * Values a later stage uses several times are computed once a stage before: DuckDB evaluates an
 * expression again in each branch of a CASE.
 */
type Stage = (previous: (name: string) => string) => Record<string, string>;

const orNull = (value: string, tail: string) => `(CASE WHEN ${value} IS NOT NULL THEN ${tail} END)`;

function cellStages(form: XlsxCellForm, options: XlsxRowsOptions): Stage[] {
  switch (form) {
    case 'smallInteger':
      return [(p) => ({ tail: orNull(p('v'), numberTail(`CAST(${p('v')} AS VARCHAR)`)) })];
    case 'integer':
      return [
        (p) => ({ t: `CAST(${p('v')} AS VARCHAR)` }),
        (p) => ({ tail: orNull(p('t'), integerTail(p('t'))) }),
      ];
    case 'float':
      return [
        // The driver widens FLOAT to a JavaScript number (a double).
        (p) => ({ d: `CAST(${p('v')} AS DOUBLE)` }),
        (p) => ({ d: p('d'), t: `CAST(${p('d')} AS VARCHAR)` }),
        (p) => ({ tail: orNull(p('d'), doubleTail(p('d'), p('t'))) }),
      ];
    case 'decimal':
      return [
        (p) => ({ x: p('v'), t: `CAST(${p('v')} AS VARCHAR)` }),
        (p) => ({ tail: orNull(p('x'), decimalTail(p('x'), p('t'))) }),
      ];
    case 'boolean':
      return [
        (p) => ({
          tail: `(CASE WHEN ${p('v')} THEN '" t="b"><v>1</v></c>' WHEN NOT ${p('v')} THEN '" t="b"><v>0</v></c>' END)`,
        }),
      ];
    case 'date':
      return [(p) => ({ tail: orNull(p('v'), dateTail(p('v'), options.dateStyle)) })];
    case 'timestamp':
    case 'timestampZoned':
      return [
        (p) => ({ u: timestampMicros(p('v')) }),
        (p) => ({ u: p('u'), s: timestampSerial(p('u')) }),
        (p) => ({ u: p('u'), s: `CAST(${p('s')} AS VARCHAR)` }),
        (p) => ({
          tail: orNull(
            p('u'),
            timestampTail(p('u'), p('s'), form === 'timestampZoned', options.dateTimeStyle),
          ),
        }),
      ];
    case 'printed':
      return [(p) => ({ tail: orNull(p('v'), plainText(`CAST(${p('v')} AS VARCHAR)`)) })];
    default:
      // 'text': cut, escaped, wrapped.
      return [
        (p) => ({ v: cutText(p('v'), options.maxCellText) }),
        (p) => ({ v: escapeText(p('v')) }),
        (p) => ({ tail: orNull(p('v'), textCellTail(p('v'))) }),
      ];
  }
}

/**
 * `SELECT <row> FROM …`: one text column, each result row's `<row>` element. Stages: the values
 * (columns renamed positionally, so duplicate or odd names cannot clash); each cell's own stages up
 * to its tail — the text after `<c r="B7` (cellStages; a cell with fewer passes its tail on); the
 * row's number in its sheet (`row_number() OVER ()`, which DuckDB streams in the rows' order); the
 * row with the references. The statement stands on lines of its own, so a trailing line comment in
 * it cannot swallow what follows.
 */
export function xlsxRowSql(sql: string, forms: readonly XlsxCellForm[], options: XlsxRowsOptions): string {
  const stages = forms.map((form) => cellStages(form, options));
  const depth = Math.max(0, ...stages.map((list) => list.length));
  let from = `(\n${sql}\n) AS vitrina_xlsx(${forms.map((_, i) => `c${i}_v`).join(', ')})`;
  let alias = 'vitrina_xlsx';
  for (let level = 0; level < depth; level++) {
    const previous = alias;
    const columns = stages.flatMap((list, i) => {
      const stage = list[level];
      const named = stage ? stage((name) => `${previous}.c${i}_${name}`) : { tail: `${previous}.c${i}_tail` };
      return Object.entries(named).map(([name, expression]) => `${expression} AS c${i}_${name}`);
    });
    alias = `vitrina_stage${level + 1}`;
    from = `(SELECT ${columns.join(', ')} FROM ${from}) AS ${alias}`;
  }
  const r = 'vitrina_numbered.r';
  const tails = forms.map((_, i) => `${alias}.c${i}_tail AS t${i}`);
  const cells = forms.flatMap((_, i) => {
    const tail = `vitrina_numbered.t${i}`;
    return [
      `(CASE WHEN ${tail} IS NOT NULL THEN ${sqlString(`<c r="${options.columnLetters(i)}`)} || ${r} END)`,
      tail,
    ];
  });
  const numbered =
    `SELECT CAST((row_number() OVER () - 1) % ${options.rowsPerSheet} + 2 AS VARCHAR) AS r, ` +
    `${tails.join(', ')} FROM ${from}`;
  return `SELECT concat('<row r="', ${r}, '">', ${cells.join(', ')}, '</row>') AS xlsx_row FROM (${numbered}) AS vitrina_numbered`;
}
