import { describe, expect, it } from 'vitest';
import { pastedValues } from './pasteValues.ts';

describe('pasted values', () => {
  it('takes the options’ own values and keeps unknown text only when asked', () => {
    const options = [
      { value: 1, label: '1' },
      { value: 'FR', label: 'FR' },
    ];
    expect(pastedValues('1;FR;XX;FR', options, false)).toEqual([1, 'FR']);
    expect(pastedValues('1;FR;XX', options, true)).toEqual([1, 'FR', 'XX']);
  });
});
