import {
  addUnits,
  LASTDAY_UNITS,
  type LastDayUnit,
  lastDay,
  TIME_UNITS,
  type TimeUnit,
  truncate,
  unitFromWord,
} from './calendar.ts';
import { TimeRangeError } from './errors.ts';
import { parseHumanDatetime } from './humanDate.ts';

/**
 * Superset's date expression language, case-insensitive, nestable:
 *   DATETIME("text")                       the text as parseHumanDatetime reads it
 *   DATEADD(expr, int | DATEDIFF(…), unit) unit: year quarter month week day hour minute second
 *   DATETRUNC(expr, unit)                  week → Monday 00:00, quarter → first day of the quarter
 *   LASTDAY(expr, year|quarter|month|week|day)  the last day at 00:00 (week → Sunday)
 *   DATEDIFF(expr, expr[, year|day])       whole days (floored), or the difference of the years
 * Units may be written in the plural. Unlike Superset (pyparsing without parseAll) text after a complete
 * expression is an error, not ignored. HOLIDAY(…) is recognised and refused as unsupported.
 */
export function evaluateDateExpression(text: string, now: Date): Date {
  const parser = new ExpressionParser(text, now);
  const value = parser.parseDate();
  parser.expectEnd();
  return value;
}

type Token =
  | { kind: 'word'; text: string; at: number }
  | { kind: 'int'; value: number; at: number }
  | { kind: 'string'; value: string; at: number }
  | { kind: '(' | ')' | ','; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let depth = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? '';
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      if (ch === '(') depth++;
      if (ch === ')') depth--;
      if (depth < 0)
        throw new TimeRangeError('syntax', `Unbalanced parentheses in [${text}]: unexpected ')'`);
      tokens.push({ kind: ch, at: i });
      i++;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      let value = '';
      while (j < text.length && text[j] !== ch) {
        if (text[j] === '\\' && j + 1 < text.length) j++;
        value += text[j];
        j++;
      }
      if (j >= text.length) throw new TimeRangeError('syntax', `Unterminated string in [${text}]`);
      tokens.push({ kind: 'string', value, at: i });
      i = j + 1;
    } else {
      const int = /^[+-]?\d+/.exec(text.slice(i));
      const word = /^[A-Za-z_]+/.exec(text.slice(i));
      if (int) {
        tokens.push({ kind: 'int', value: Number(int[0]), at: i });
        i += int[0].length;
      } else if (word) {
        tokens.push({ kind: 'word', text: word[0], at: i });
        i += word[0].length;
      } else {
        throw new TimeRangeError('syntax', `Unexpected character '${ch}' in [${text}]`);
      }
    }
  }
  if (depth > 0) throw new TimeRangeError('syntax', `Unbalanced parentheses in [${text}]: missing ')'`);
  return tokens;
}

const DATE_FUNCTIONS = ['DATETIME', 'DATEADD', 'DATETRUNC', 'LASTDAY', 'HOLIDAY'];

function describe(token: Token | undefined): string {
  if (!token) return 'end of input';
  switch (token.kind) {
    case 'word':
      return `'${token.text}'`;
    case 'int':
      return `'${token.value}'`;
    case 'string':
      return `"${token.value}"`;
    default:
      return `'${token.kind}'`;
  }
}

class ExpressionParser {
  private readonly tokens: Token[];
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly now: Date,
  ) {
    this.tokens = tokenize(text);
  }

  private fail(message: string): never {
    throw new TimeRangeError('syntax', `${message} in [${this.text}]`);
  }

  private next(): Token | undefined {
    return this.tokens[this.position++];
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private expect(kind: '(' | ')' | ',', context: string): void {
    const token = this.next();
    if (token?.kind !== kind) {
      if (kind === ')' && token === undefined) this.fail(`Unbalanced parentheses: missing ')' of ${context}`);
      this.fail(`Expected '${kind}' in ${context} but found ${describe(token)}`);
    }
  }

  /** `)` or `,)` — Superset allows a trailing comma before the closing parenthesis. */
  private close(context: string): void {
    if (this.peek()?.kind === ',') this.position++;
    this.expect(')', context);
  }

  expectEnd(): void {
    const token = this.peek();
    if (token) this.fail(`Unexpected ${describe(token)} after the expression`);
  }

  parseDate(): Date {
    const token = this.next();
    if (token?.kind !== 'word')
      this.fail(`Expected DATETIME, DATEADD, DATETRUNC or LASTDAY but found ${describe(token)}`);
    const name = token.text.toUpperCase();
    if (name === 'DATEDIFF') this.fail('DATEDIFF gives a number, not a date');
    if (!DATE_FUNCTIONS.includes(name)) this.fail(`Unknown function '${token.text}'`);
    this.expect('(', name);
    switch (name) {
      case 'DATETIME': {
        const text = this.next();
        if (text?.kind !== 'string')
          this.fail(`DATETIME expects a quoted string but found ${describe(text)}`);
        this.expect(')', 'DATETIME');
        return parseHumanDatetime(text.value, this.now);
      }
      case 'DATEADD': {
        const date = this.parseDate();
        this.expect(',', 'DATEADD');
        const amount = this.parseInt();
        this.expect(',', 'DATEADD');
        const unit = this.parseUnit('DATEADD', TIME_UNITS);
        this.close('DATEADD');
        return addUnits(date, amount, unit);
      }
      case 'DATETRUNC': {
        const date = this.parseDate();
        this.expect(',', 'DATETRUNC');
        const unit = this.parseUnit('DATETRUNC', TIME_UNITS);
        this.close('DATETRUNC');
        return truncate(date, unit);
      }
      case 'LASTDAY': {
        const date = this.parseDate();
        this.expect(',', 'LASTDAY');
        const unit = this.parseUnit('LASTDAY', LASTDAY_UNITS);
        this.close('LASTDAY');
        return lastDay(date, unit);
      }
      default:
        throw new TimeRangeError('unsupported', `HOLIDAY is not supported in [${this.text}]`);
    }
  }

  private parseInt(): number {
    const token = this.peek();
    if (token?.kind === 'int') {
      this.position++;
      return token.value;
    }
    if (token?.kind === 'word' && token.text.toUpperCase() === 'DATEDIFF') {
      this.position++;
      this.expect('(', 'DATEDIFF');
      const from = this.parseDate();
      this.expect(',', 'DATEDIFF');
      const to = this.parseDate();
      let unit: 'year' | 'day' = 'day';
      if (this.peek()?.kind === ',' && this.tokens[this.position + 1]?.kind === 'word') {
        this.position++;
        unit = this.parseUnit('DATEDIFF', ['year', 'day'] as const);
      }
      this.close('DATEDIFF');
      return unit === 'year'
        ? to.getUTCFullYear() - from.getUTCFullYear()
        : Math.floor((to.getTime() - from.getTime()) / 86_400_000);
    }
    return this.fail(`DATEADD expects an integer or DATEDIFF(…) but found ${describe(token)}`);
  }

  private parseUnit<U extends TimeUnit>(context: string, allowed: readonly U[]): U {
    const token = this.next();
    if (token?.kind !== 'word') this.fail(`${context} expects a time unit but found ${describe(token)}`);
    const unit = unitFromWord(token.text);
    if (unit === null || !(allowed as readonly TimeUnit[]).includes(unit))
      throw new TimeRangeError(
        'unit',
        `Unknown time unit '${token.text}' in ${context}; expected one of ${allowed.join(', ')} in [${this.text}]`,
      );
    return unit as U;
  }
}

export type { LastDayUnit };
