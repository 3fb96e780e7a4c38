import { describe, expect, it } from 'vitest';
import { evaluateAlert, parseOperatorConfig, validatorConfigProblem } from './alertValidator.ts';

const one = (value: unknown) => ({ columns: ['value'], rows: [[value]] });
const empty = { columns: ['value'], rows: [] };

describe('validatorConfigProblem', () => {
  it('accepts the six operators with a numeric threshold, as JSON text or object', () => {
    for (const op of ['<', '<=', '>', '>=', '==', '!=']) {
      expect(validatorConfigProblem('operator', { op, threshold: 10 }), op).toBeNull();
    }
    expect(validatorConfigProblem('operator', '{"op": ">", "threshold": 2.5}')).toBeNull();
    expect(validatorConfigProblem('operator', { op: '>', threshold: '10' })).toBeNull();
  });

  it('needs nothing for not null', () => {
    expect(validatorConfigProblem('not null', null)).toBeNull();
    expect(validatorConfigProblem('not null', '{}')).toBeNull();
    expect(validatorConfigProblem('not null', '')).toBeNull();
  });

  it('explains what is wrong', () => {
    expect(validatorConfigProblem('between', {})).toBe('validator_type: Must be one of: not null, operator.');
    expect(validatorConfigProblem('operator', { op: '=', threshold: 1 })).toBe(
      'op: Must be one of: <, <=, >, >=, ==, !=.',
    );
    expect(validatorConfigProblem('not null', { op: 'not null' })).toBe(
      'op: Must be one of: <, <=, >, >=, ==, !=.',
    );
    expect(validatorConfigProblem('operator', { op: '>', threshold: 'ten' })).toBe(
      'threshold: Not a valid number.',
    );
    expect(validatorConfigProblem('operator', { op: '>', threshold: true })).toBe(
      'threshold: Not a valid number.',
    );
    expect(validatorConfigProblem('operator', { threshold: 1 })).toBe('op: Missing data for required field.');
    expect(validatorConfigProblem('operator', { op: '<' })).toBe(
      'threshold: Missing data for required field.',
    );
    expect(validatorConfigProblem('operator', null)).toBe('op: Missing data for required field.');
    expect(validatorConfigProblem('operator', '{op:')).toBe('validator_config_json: Not valid JSON.');
    expect(validatorConfigProblem('operator', '[1]')).toBe(
      'validator_config_json: Not a valid mapping type.',
    );
  });

  it('parses an operator config', () => {
    expect(parseOperatorConfig('{"op": "<=", "threshold": "7.5"}')).toEqual({ op: '<=', threshold: 7.5 });
    expect(parseOperatorConfig({ op: '<=' })).toBeNull();
  });
});

describe('evaluateAlert: result shape', () => {
  it('refuses more than one row, then more than one column, with Superset messages', () => {
    expect(evaluateAlert('not null', null, { columns: ['a'], rows: [[1], [2]] })).toEqual({
      triggered: false,
      value: null,
      valueRowJson: null,
      error: 'Alert query returned more than one row. 2 rows returned',
    });
    expect(
      evaluateAlert(
        'operator',
        { op: '>', threshold: 0 },
        {
          columns: ['a', 'b'],
          rows: [
            [1, 2],
            [3, 4],
          ],
        },
      ).error,
    ).toBe('Alert query returned more than one row. 2 rows returned');
    expect(
      evaluateAlert('operator', { op: '>', threshold: 0 }, { columns: ['a', 'b', 'c'], rows: [[1, 2, 3]] })
        .error,
    ).toBe('Alert query returned more than one column. 3 columns returned');
  });
});

describe('evaluateAlert: not null', () => {
  it('fires for a value that is not null, 0 or NaN', () => {
    expect(evaluateAlert('not null', null, one(5))).toEqual({
      triggered: true,
      value: null,
      valueRowJson: '5',
    });
    expect(evaluateAlert('not null', null, one('abc'))).toMatchObject({
      triggered: true,
      valueRowJson: 'abc',
    });
    expect(evaluateAlert('not null', null, one(-1)).triggered).toBe(true);
    expect(evaluateAlert('not null', null, one(true)).triggered).toBe(true);
    // Only the number 0 counts as zero: the text '0' fires, as in Superset.
    expect(evaluateAlert('not null', null, one('0')).triggered).toBe(true);
  });

  it('does not fire for null, 0, false, NaN or an empty result', () => {
    for (const value of [null, 0, 0n, false, Number.NaN]) {
      expect(evaluateAlert('not null', null, one(value)).triggered, String(value)).toBe(false);
    }
    expect(evaluateAlert('not null', null, one(null))).toEqual({
      triggered: false,
      value: null,
      valueRowJson: null,
    });
    expect(evaluateAlert('not null', null, empty)).toEqual({
      triggered: false,
      value: null,
      valueRowJson: null,
    });
  });
});

describe('evaluateAlert: operator', () => {
  it('compares value op threshold', () => {
    const cases: [string, number, boolean][] = [
      ['>', 10, true],
      ['>', 11, false],
      ['>=', 11, true],
      ['<', 11, false],
      ['<', 12, true],
      ['<=', 11, true],
      ['==', 11, true],
      ['==', 10, false],
      ['!=', 10, true],
      ['!=', 11, false],
    ];
    for (const [op, threshold, triggered] of cases) {
      expect(evaluateAlert('operator', { op, threshold }, one(11)), `11 ${op} ${threshold}`).toEqual({
        triggered,
        value: 11,
        valueRowJson: null,
      });
    }
  });

  it('reads numeric text, bigint and booleans as numbers', () => {
    expect(evaluateAlert('operator', '{"op": ">", "threshold": 100}', one('150.5'))).toMatchObject({
      triggered: true,
      value: 150.5,
    });
    expect(evaluateAlert('operator', { op: '==', threshold: 42 }, one(42n)).triggered).toBe(true);
    expect(evaluateAlert('operator', { op: '==', threshold: 1 }, one(true)).triggered).toBe(true);
  });

  it('reads null, 0, NaN and an empty result as 0', () => {
    for (const result of [one(null), one(0), one(Number.NaN), empty]) {
      expect(evaluateAlert('operator', { op: '<', threshold: 1 }, result)).toEqual({
        triggered: true,
        value: 0,
        valueRowJson: null,
      });
    }
    expect(evaluateAlert('operator', { op: '>', threshold: 0 }, empty).triggered).toBe(false);
  });

  it('fails on a value that is not a number', () => {
    expect(evaluateAlert('operator', { op: '>', threshold: 0 }, one('abc'))).toEqual({
      triggered: false,
      value: null,
      valueRowJson: null,
      error: 'Alert query returned a non-number value.',
    });
    expect(evaluateAlert('operator', { op: '>', threshold: 0 }, one({ a: 1 })).error).toBe(
      'Alert query returned a non-number value.',
    );
  });

  it('fails on a missing or invalid config', () => {
    expect(evaluateAlert('operator', { op: '>' }, one(3))).toEqual({
      triggered: false,
      value: 3,
      valueRowJson: null,
      error: 'Alert validator config error.',
    });
    expect(evaluateAlert('operator', 'not json', one(3)).error).toBe('Alert validator config error.');
  });
});
