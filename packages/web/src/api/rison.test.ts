import { describe, expect, it } from 'vitest';
import { encodeRison } from './rison.ts';

describe('encodeRison', () => {
  it('writes the list query of the databases screen', () => {
    expect(
      encodeRison({ order_column: 'database_name', order_direction: 'asc', page: 0, page_size: 25 }),
    ).toBe('(order_column:database_name,order_direction:asc,page:0,page_size:25)');
  });

  it('writes filters as an array of objects', () => {
    expect(encodeRison({ filters: [{ col: 'username', opr: 'ct', value: 'ann' }] })).toBe(
      '(filters:!((col:username,opr:ct,value:ann)))',
    );
  });

  it('quotes unsafe strings and escapes ! and quote', () => {
    expect(encodeRison('a b')).toBe("'a b'");
    expect(encodeRison("it's!")).toBe("'it!'s!!'");
    expect(encodeRison('')).toBe("''");
    expect(encodeRison('-1')).toBe("'-1'");
  });

  it('writes constants and skips undefined fields', () => {
    expect(encodeRison([true, false, null])).toBe('!(!t,!f,!n)');
    expect(encodeRison({ a: undefined, b: 1.5 })).toBe('(b:1.5)');
  });
});
