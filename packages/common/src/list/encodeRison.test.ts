import { describe, expect, it } from 'vitest';
import { decodeRison } from './decodeRison.ts';
import { encodeRison, listQueryString } from './encodeRison.ts';

describe('encodeRison', () => {
  it('round-trips a list query', () => {
    const params = { filters: [{ col: 'name', opr: 'ct', value: "it's a b" }], page: 0, keys: ['none'] };
    expect(decodeRison(encodeRison(params))).toEqual(params);
  });

  it('builds a URL-safe q argument', () => {
    expect(listQueryString({ page: 1, order_column: 'name' })).toBe('q=(order_column%3Aname%2Cpage%3A1)');
  });
});
