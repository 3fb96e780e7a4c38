import { describe, expect, it } from 'vitest';
import { compileFormula, evaluateFormula, FormulaError } from './formula.ts';

const at = (formula: string, x: number) => evaluateFormula(formula, x);

describe('formula annotations', () => {
  it('follows arithmetic precedence and associativity', () => {
    expect(at('1 + 2 * 3', 0)).toBe(7);
    expect(at('(1 + 2) * 3', 0)).toBe(9);
    expect(at('10 - 4 - 3', 0)).toBe(3);
    expect(at('2 ^ 3 ^ 2', 0)).toBe(512);
    expect(at('-2 ^ 2', 0)).toBe(-4);
    expect(at('2 ^ -1', 0)).toBe(0.5);
    expect(at('7 % 4', 0)).toBe(3);
    expect(at('2 ** 10', 0)).toBe(1024);
  });

  it('reads x, implicit multiplication and a leading y =', () => {
    expect(at('2x + 5', 3)).toBe(11);
    expect(at('y = 2x^2', 3)).toBe(18);
    expect(at('3(x + 1)', 1)).toBe(6);
    expect(at('(x)(x)', 4)).toBe(16);
    expect(at('1.5e3 * x', 2)).toBe(3000);
  });

  it('knows Math functions and constants, with or without Math.', () => {
    expect(at('sqrt(x)', 16)).toBe(4);
    expect(at('Math.max(x, 10, 3)', 4)).toBe(10);
    expect(at('round(pi * 100)', 0)).toBe(314);
    expect(at('Math.PI', 0)).toBe(Math.PI);
    expect(at('log10(x)', 1000)).toBe(3);
    expect(at('2 sin(0) + abs(-x)', 5)).toBe(5);
  });

  it('gives null where the value is not finite', () => {
    expect(at('1 / x', 0)).toBeNull();
    expect(at('sqrt(x)', -1)).toBeNull();
  });

  it('compiles once and evaluates per x', () => {
    const line = compileFormula('1000 + x / 86400000');
    expect(evaluateFormula(line, 0)).toBe(1000);
    expect(evaluateFormula(line, 86_400_000 * 2)).toBe(1002);
  });

  it('refuses anything that is not arithmetic', () => {
    for (const formula of [
      '',
      'x +',
      'alert(1)',
      'x; 1',
      'constructor',
      '"a"',
      '2 + * 3',
      'sin x)',
      'x[0]',
      'constructor(1)',
      'toString(x)',
      '__proto__',
    ]) {
      expect(() => compileFormula(formula), formula).toThrow(FormulaError);
    }
  });
});
