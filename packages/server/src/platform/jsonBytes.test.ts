import { describe, expect, it } from 'vitest';
import { appendJsonFields, joinJsonBytes } from './jsonBytes.ts';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('JSON as bytes', () => {
  it('adds fields to encoded objects, empty or not, spaced or not, so the result decodes with them', () => {
    const fields = '"timings":{"cache":"hit"},"n":1';
    expect(JSON.parse(appendJsonFields(bytes('{"a":"Продажи","b":[{}]}'), fields).toString())).toEqual({
      a: 'Продажи',
      b: [{}],
      timings: { cache: 'hit' },
      n: 1,
    });
    expect(appendJsonFields(bytes('{}'), fields).toString()).toBe(`{${fields}}`);
    expect(appendJsonFields(bytes(' { \n} \n'), '"n":1').toString()).toBe(' { \n"n":1}');
    expect(appendJsonFields(bytes('{"a":1 }\n'), '"n":1').toString()).toBe('{"a":1 ,"n":1}');
  });

  it('refuses bytes that are not an object', () => {
    expect(() => appendJsonFields(bytes('[1]'), '"n":1')).toThrow('not a JSON object');
    expect(() => appendJsonFields(bytes(''), '"n":1')).toThrow('not a JSON object');
  });

  it('joins values with commas between a head and a tail', () => {
    expect(joinJsonBytes('{"result":[', [bytes('{"a":1}'), bytes('{"b":"ё"}')], ']}').toString()).toBe(
      '{"result":[{"a":1},{"b":"ё"}]}',
    );
    expect(joinJsonBytes('[', [], ']').toString()).toBe('[]');
  });
});
