import { describe, expect, it } from 'vitest';
import {
  keyOf,
  pastLoadThreshold,
  SELECT_ALL_KEY,
  selectEntries,
  selectedKeys,
  valuesFromKeys,
} from './selectOptions.ts';

const options = [
  { value: 'FR', label: 'FR' },
  { value: 2, label: '2' },
  { value: null, label: '<NULL>' },
];

describe('select entries', () => {
  it('offers select-all only in multi mode, with several options and no search text', () => {
    const settings = { multi: true, search: '', selectAllLabel: 'Select all' };
    // Named by its label, not by its internal key, for assistive technology.
    expect(selectEntries(options, [], settings)[0]).toEqual({
      value: SELECT_ALL_KEY,
      label: 'Select all',
      title: 'Select all',
      'aria-label': 'Select all',
    });
    expect(selectEntries(options, [], { ...settings, search: 'F' })[0]?.value).toBe(keyOf('FR'));
    expect(selectEntries(options, [], { ...settings, multi: false })[0]?.value).toBe(keyOf('FR'));
    expect(selectEntries(options.slice(0, 1), [], settings)).toHaveLength(1);
  });

  it('keeps chosen values the loaded options lack', () => {
    const entries = selectEntries(options, ['DE'], { multi: false, search: '', selectAllLabel: '' });
    expect(entries.at(-1)).toEqual({ value: keyOf('DE'), label: 'DE' });
  });

  it('turns keys back into values, select-all into every option', () => {
    expect(valuesFromKeys([keyOf(2), keyOf(null)], options)).toEqual([2, null]);
    expect(valuesFromKeys([keyOf(2), SELECT_ALL_KEY], options)).toEqual(['FR', 2, null]);
  });

  it('shows select-all as chosen while every option is, and not while searching', () => {
    const settings = { multi: true, search: '' };
    expect(selectedKeys(options, ['FR', 2, null], settings)).toEqual([
      SELECT_ALL_KEY,
      keyOf('FR'),
      keyOf(2),
      keyOf(null),
    ]);
    expect(selectedKeys(options, ['FR', 2], settings)).toEqual([keyOf('FR'), keyOf(2)]);
    expect(selectedKeys(options, ['FR', 2, null], { ...settings, search: 'F' })).not.toContain(
      SELECT_ALL_KEY,
    );
    expect(selectedKeys(options.slice(0, 1), ['FR'], settings)).toEqual([keyOf('FR')]);
  });

  it('drops select-all with a deselected option, and clears everything when it is deselected', () => {
    const all = [SELECT_ALL_KEY, keyOf('FR'), keyOf(2), keyOf(null)];
    // Deselecting one option keeps the others (select-all is dropped on the next drawing).
    expect(valuesFromKeys([SELECT_ALL_KEY, keyOf('FR'), keyOf(null)], options, all)).toEqual(['FR', null]);
    // Deselecting select-all itself.
    expect(valuesFromKeys([keyOf('FR'), keyOf(2), keyOf(null)], options, all)).toEqual([]);
    // Choosing it again after an option was dropped takes every option.
    expect(valuesFromKeys([keyOf('FR'), SELECT_ALL_KEY], options, [keyOf('FR')])).toEqual(['FR', 2, null]);
  });

  it('loads the next page past 70 percent of the list', () => {
    expect(pastLoadThreshold({ scrollTop: 40, clientHeight: 20, scrollHeight: 100 })).toBe(false);
    expect(pastLoadThreshold({ scrollTop: 50, clientHeight: 20, scrollHeight: 100 })).toBe(true);
  });
});
