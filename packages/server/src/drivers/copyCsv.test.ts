import { describe, expect, it } from 'vitest';
import { copyCsvRewriter } from './copyCsv.ts';

type Options = Parameters<typeof copyCsvRewriter>[0];

function rewritten(
  input: string,
  options: Options = { delimiter: ',', newline: '\r\n' },
  cuts: number[] = [],
) {
  const rewriter = copyCsvRewriter(options);
  const bytes = Buffer.from(input, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parts.push(rewriter.push(bytes.subarray(from, cut)));
    from = cut;
  }
  parts.push(rewriter.end());
  return Buffer.concat(parts).toString('utf8');
}

describe('copyCsvRewriter', () => {
  it("writes the writer's newline outside quotes and keeps line breaks inside them", () => {
    expect(rewritten('1,a\n2,"b\nc"\n')).toBe('1,a\r\n2,"b\nc"\r\n');
    expect(rewritten('1,a\n', { delimiter: ',', newline: '\n' })).toBe('1,a\n');
  });

  it('writes an empty string as an empty field, like NULL', () => {
    expect(rewritten('"",1,\n,"",""\n')).toBe(',1,\r\n,,\r\n');
  });

  it('quotes a bare field with a blank or a tab at either end', () => {
    expect(rewritten(' a,b ,\tc,d e,x\n')).toBe('" a","b ","\tc",d e,x\r\n');
  });

  it('keeps quoted fields, doubled quotes and multi-byte text as they are', () => {
    expect(rewritten('"say ""hi""",Клиент 1,"a;b"\n')).toBe('"say ""hi""",Клиент 1,"a;b"\r\n');
  });

  it('honours another delimiter', () => {
    expect(rewritten(' a;b;""\n', { delimiter: ';', newline: '\r\n' })).toBe('" a";b;\r\n');
    expect(rewritten('x\t y\n', { delimiter: '\t', newline: '\r\n' })).toBe('x\t" y"\r\n');
  });

  it('gives the same bytes however the input is cut', () => {
    const input = '"say ""hi""", a ,"",Клиент\n"x\ny",2,3\n';
    const whole = rewritten(input);
    const length = Buffer.byteLength(input);
    for (let cut = 1; cut < length; cut++) expect(rewritten(input, undefined, [cut])).toBe(whole);
    for (let cut = 1; cut + 3 < length; cut++)
      expect(rewritten(input, undefined, [cut, cut + 3])).toBe(whole);
  });

  it('refuses a delimiter COPY cannot take', () => {
    expect(() => copyCsvRewriter({ delimiter: '§', newline: '\n' })).toThrow(/one-byte/);
  });
});
