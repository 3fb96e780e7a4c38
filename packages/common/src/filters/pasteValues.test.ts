import { describe, expect, it } from 'vitest';
import { splitPastedValues } from './pasteValues.ts';

describe('splitPastedValues', () => {
  it('splits on comma, newline, tab and semicolon, trimming and dropping blanks and repeats', () => {
    expect(splitPastedValues('FR, DE\nIT\tES;PT\r\n\nFR;')).toEqual(['FR', 'DE', 'IT', 'ES', 'PT']);
  });

  it('keeps a single value and gives nothing for blank text', () => {
    expect(splitPastedValues('  Paris ')).toEqual(['Paris']);
    expect(splitPastedValues(' ,;\n')).toEqual([]);
  });
});
