import { describe, expect, it } from 'vitest';
import { functionCompletion } from './SqlLabEditor.tsx';

const contextAt = (text: string, explicit = false) => ({
  explicit,
  matchBefore: (pattern: RegExp) => {
    const match = new RegExp(`(?:${pattern.source})$`).exec(text);
    return match ? { from: match.index, text: match[0] } : null;
  },
});

describe('functionCompletion', () => {
  it('offers the database functions for the word before the cursor, as calls', () => {
    const result = functionCompletion(['date_trunc', 'sum'])(contextAt('SELECT dat'));
    expect(result?.from).toBe(7);
    expect(result?.options).toContainEqual(
      expect.objectContaining({ label: 'date_trunc', apply: 'date_trunc()' }),
    );
  });

  it('stays quiet without a word unless asked', () => {
    expect(functionCompletion(['sum'])(contextAt('SELECT '))).toBeNull();
    expect(functionCompletion(['sum'])(contextAt('SELECT ', true))?.options).toHaveLength(1);
  });
});
