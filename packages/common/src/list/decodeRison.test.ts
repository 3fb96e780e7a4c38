import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeRison, RisonSyntaxError } from './decodeRison.ts';

/** common has no DOM or Node types; the console is still there at run time. */
const runtimeConsole = (globalThis as unknown as { console: { log(...args: unknown[]): void } }).console;

describe('decodeRison', () => {
  afterEach(() => vi.restoreAllMocks());

  it('decodes objects, lists, literals and quoted strings', () => {
    expect(decodeRison("(a:!(1,'x y',!t,!f,!n),b:(c:-1.5))")).toEqual({
      a: [1, 'x y', true, false, null],
      b: { c: -1.5 },
    });
  });

  it('decodes escaped quotes and bangs', () => {
    expect(decodeRison("'it!'s !!'")).toBe("it's !");
  });

  it.each(['(a:1', '(a:b c)', "'open", '!(1,2', '!x', ''])(
    'refuses %j without logging to the console',
    (text) => {
      const log = vi.spyOn(runtimeConsole, 'log');
      expect(() => decodeRison(text)).toThrow(RisonSyntaxError);
      expect(log).not.toHaveBeenCalled();
    },
  );
});
