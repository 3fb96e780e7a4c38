/**
 * A small, safe evaluator for formula annotations (`2x + 5`, `y = 1000 * sin(x / 86400000)`): numbers,
 * the variable `x`, + - * / % ^, parentheses, implicit multiplication (`2x`, `3(x + 1)`), the constants
 * pi and e, and Math functions with or without the `Math.` prefix. It parses into closures once and
 * never runs text as code (no eval, no Function).
 */

export class FormulaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaError';
  }
}

type Evaluate = (x: number) => number;

const FUNCTIONS: Record<string, (...args: number[]) => number> = {
  abs: Math.abs,
  acos: Math.acos,
  asin: Math.asin,
  atan: Math.atan,
  atan2: Math.atan2,
  cbrt: Math.cbrt,
  ceil: Math.ceil,
  cos: Math.cos,
  cosh: Math.cosh,
  exp: Math.exp,
  floor: Math.floor,
  hypot: Math.hypot,
  ln: Math.log,
  log: Math.log,
  log10: Math.log10,
  log2: Math.log2,
  max: Math.max,
  min: Math.min,
  pow: Math.pow,
  round: Math.round,
  sign: Math.sign,
  sin: Math.sin,
  sinh: Math.sinh,
  sqrt: Math.sqrt,
  tan: Math.tan,
  tanh: Math.tanh,
  trunc: Math.trunc,
};

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

type Token =
  | { kind: 'number'; value: number; at: number }
  | { kind: 'name'; value: string; at: number }
  | { kind: 'op'; value: string; at: number };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const number = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (number) {
      tokens.push({ kind: 'number', value: Number(number[0]), at: i });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?/.exec(text.slice(i));
    if (name) {
      tokens.push({ kind: 'name', value: name[0], at: i });
      i += name[0].length;
      continue;
    }
    if ('+-*/%^(),'.includes(ch)) {
      // `**` is read as a power, as in JavaScript.
      if (ch === '*' && text[i + 1] === '*') {
        tokens.push({ kind: 'op', value: '^', at: i });
        i += 2;
        continue;
      }
      tokens.push({ kind: 'op', value: ch, at: i });
      i++;
      continue;
    }
    throw new FormulaError(`Unexpected character "${ch}" at position ${i + 1}`);
  }
  return tokens;
}

class Parser {
  private position = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): Evaluate {
    if (this.tokens.length === 0) throw new FormulaError('The formula is empty');
    const expression = this.additive();
    const rest = this.peek();
    if (rest) throw new FormulaError(`Unexpected "${String(rest.value)}" at position ${rest.at + 1}`);
    return expression;
  }

  private peek(): Token | undefined {
    return this.tokens[this.position];
  }

  private isOp(value: string): boolean {
    const token = this.peek();
    return token?.kind === 'op' && token.value === value;
  }

  private expectOp(value: string): void {
    const token = this.peek();
    if (!this.isOp(value)) {
      throw new FormulaError(
        token ? `Expected "${value}" at position ${token.at + 1}` : `Expected "${value}" at the end`,
      );
    }
    this.position++;
  }

  private additive(): Evaluate {
    let left = this.multiplicative();
    while (this.isOp('+') || this.isOp('-')) {
      const op = (this.tokens[this.position++] as Token).value;
      const l = left;
      const r = this.multiplicative();
      left = op === '+' ? (x) => l(x) + r(x) : (x) => l(x) - r(x);
    }
    return left;
  }

  /** Starts a factor without an operator: `2x`, `2(x+1)`, `(x)(x)`, `2 sin(x)`. */
  private startsImplicit(): boolean {
    const token = this.peek();
    return token !== undefined && (token.kind !== 'op' || token.value === '(');
  }

  private multiplicative(): Evaluate {
    let left = this.unary();
    for (;;) {
      if (this.isOp('*') || this.isOp('/') || this.isOp('%')) {
        const op = (this.tokens[this.position++] as Token).value;
        const l = left;
        const r = this.unary();
        left = op === '*' ? (x) => l(x) * r(x) : op === '/' ? (x) => l(x) / r(x) : (x) => l(x) % r(x);
      } else if (this.startsImplicit()) {
        const l = left;
        const r = this.power();
        left = (x) => l(x) * r(x);
      } else {
        return left;
      }
    }
  }

  private unary(): Evaluate {
    if (this.isOp('-')) {
      this.position++;
      const operand = this.unary();
      return (x) => -operand(x);
    }
    if (this.isOp('+')) {
      this.position++;
      return this.unary();
    }
    return this.power();
  }

  /** Right-associative, binding tighter than unary minus: -x^2 is -(x^2), 2^-1 is 0.5. */
  private power(): Evaluate {
    const base = this.primary();
    if (!this.isOp('^')) return base;
    this.position++;
    const exponent = this.unary();
    return (x) => base(x) ** exponent(x);
  }

  private primary(): Evaluate {
    const token = this.peek();
    if (!token) throw new FormulaError('The formula ends too early');
    this.position++;
    if (token.kind === 'number') {
      const value = token.value;
      return () => value;
    }
    if (token.kind === 'op') {
      if (token.value !== '(')
        throw new FormulaError(`Unexpected "${token.value}" at position ${token.at + 1}`);
      const inner = this.additive();
      this.expectOp(')');
      return inner;
    }
    const name = token.value.replace(/^Math\./, '');
    if (this.isOp('(')) return this.call(name, token);
    if (name === 'x') return (x) => x;
    // Own properties only: 'constructor' or 'toString' must not reach Object.prototype.
    const lower = name.toLowerCase();
    if (Object.hasOwn(CONSTANTS, lower)) {
      const constant = CONSTANTS[lower] as number;
      return () => constant;
    }
    throw new FormulaError(`Unknown name "${token.value}": use x, numbers, pi, e and Math functions`);
  }

  private call(name: string, token: Token): Evaluate {
    const fn = Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name] : undefined;
    if (!fn) throw new FormulaError(`Unknown function "${String(token.value)}"`);
    this.expectOp('(');
    const args: Evaluate[] = [];
    if (!this.isOp(')')) {
      args.push(this.additive());
      while (this.isOp(',')) {
        this.position++;
        args.push(this.additive());
      }
    }
    this.expectOp(')');
    return (x) => fn(...args.map((arg) => arg(x)));
  }
}

/** Compiles a formula once; a leading `y =` is allowed, as Superset's formula layers write it. */
export function compileFormula(formula: string): Evaluate {
  const text = formula.replace(/^\s*y\s*=(?!=)/, '');
  return new Parser(tokenize(text)).parse();
}

/** The formula's value at x, or null where it is not a finite number. */
export function evaluateFormula(formula: string | Evaluate, x: number): number | null {
  const evaluate = typeof formula === 'string' ? compileFormula(formula) : formula;
  const value = evaluate(x);
  return Number.isFinite(value) ? value : null;
}
