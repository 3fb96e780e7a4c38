import { describe, expect, it } from 'vitest';
import { applyNativeFiltersChange, parseNativeFiltersChange } from './nativeFiltersChange.ts';

const f = (id: string, name = id) => ({ id, name });

describe('native filters change', () => {
  it('replaces, deletes and appends filters', () => {
    const current = [f('a'), f('b'), f('c')];
    expect(
      applyNativeFiltersChange(current, {
        modified: [f('b', 'B2'), f('d')],
        deleted: ['c'],
        reordered: [],
      }),
    ).toEqual([f('a'), f('b', 'B2'), f('d')]);
  });

  it('reorders, keeping filters the order does not name after the named ones', () => {
    const current = [f('a'), f('b'), f('c'), f('d')];
    expect(applyNativeFiltersChange(current, { modified: [], deleted: [], reordered: ['c', 'a'] })).toEqual([
      f('c'),
      f('a'),
      f('b'),
      f('d'),
    ]);
    // A filter added and deleted in one change is not kept; unknown ids in the order are ignored.
    expect(
      applyNativeFiltersChange(current, { modified: [f('e')], deleted: ['e', 'b'], reordered: ['x', 'd'] }),
    ).toEqual([f('d'), f('a'), f('c')]);
  });

  it('parses the body, naming each bad field', () => {
    expect(parseNativeFiltersChange({})).toEqual({
      ok: true,
      change: { modified: [], deleted: [], reordered: [] },
    });
    expect(
      parseNativeFiltersChange({ modified: [{ name: 'x' }], deleted: [1], reordered: 'a', other: 1 }),
    ).toEqual({
      ok: false,
      errors: {
        other: ['Unknown field.'],
        modified: ['Must be a list of filters, each with an id.'],
        deleted: ['Must be a list of filter ids.'],
        reordered: ['Must be a list of filter ids.'],
      },
    });
    expect(parseNativeFiltersChange([])).toEqual({
      ok: false,
      errors: { _schema: ['Not a valid mapping type.'] },
    });
  });
});
