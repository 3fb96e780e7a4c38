import { describe, expect, it } from 'vitest';
import {
  ALL_ENTITIES_PATH,
  allEntitiesPath,
  cleanTagNames,
  DEFAULT_VISIBLE_TAGS,
  shortTagName,
  TAG_NAME_MAX_LENGTH,
  tagChanges,
  visibleTags,
} from './display.ts';
import { parseTaggedObjectType, TAGGED_OBJECT_TYPES } from './objectTypes.ts';

describe('shortTagName', () => {
  it('keeps names of up to 20 characters', () => {
    expect(TAG_NAME_MAX_LENGTH).toBe(20);
    expect(shortTagName('finance')).toEqual({ text: 'finance', truncated: false });
    expect(shortTagName('a'.repeat(20))).toEqual({ text: 'a'.repeat(20), truncated: false });
  });

  it('cuts longer names to 20 characters and an ellipsis', () => {
    expect(shortTagName('quarterly-revenue-report-2024')).toEqual({
      text: 'quarterly-revenue-re…',
      truncated: true,
    });
  });

  it('counts characters, so Cyrillic and emoji are not split', () => {
    const name = 'ежеквартальный отчёт по выручке';
    expect(shortTagName(name).text).toBe('ежеквартальный отчёт…');
    const emoji = `${'😀'.repeat(21)}`;
    expect(Array.from(shortTagName(emoji).text)).toHaveLength(21);
  });
});

describe('visibleTags', () => {
  const tags = ['a', 'b', 'c', 'd', 'e', 'f'];

  it('shows 4 by default and the rest behind +N', () => {
    expect(DEFAULT_VISIBLE_TAGS).toBe(4);
    expect(visibleTags(tags)).toEqual({ shown: ['a', 'b', 'c', 'd'], hidden: ['e', 'f'], moreLabel: '+2' });
  });

  it('shows everything when there are no more than the limit', () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({
      shown: ['a', 'b', 'c', 'd'],
      hidden: [],
      moreLabel: null,
    });
    expect(visibleTags([])).toEqual({ shown: [], hidden: [], moreLabel: null });
  });

  it('takes another limit, never below none', () => {
    expect(visibleTags(tags, 2).moreLabel).toBe('+4');
    expect(visibleTags(tags, -1)).toEqual({ shown: [], hidden: tags, moreLabel: '+6' });
  });
});

describe('links and picker values', () => {
  it('links a tag to the all-entities page', () => {
    expect(allEntitiesPath(7)).toBe(`${ALL_ENTITIES_PATH}?id=7`);
  });

  it('cleans typed names: trimmed, no empty ones, no repeats', () => {
    expect(cleanTagNames([' sales ', '', 'sales', 'ops', '  '])).toEqual(['sales', 'ops']);
  });

  it('works out what to add and to remove', () => {
    expect(tagChanges(['a', 'b'], ['b', ' c ', 'c'])).toEqual({ added: ['c'], removed: ['a'] });
    expect(tagChanges([], [])).toEqual({ added: [], removed: [] });
  });
});

describe('parseTaggedObjectType', () => {
  it("reads Superset's numbers and names", () => {
    expect(TAGGED_OBJECT_TYPES).toEqual({ query: 1, chart: 2, dashboard: 3, dataset: 4 });
    expect(parseTaggedObjectType('3')).toBe('dashboard');
    expect(parseTaggedObjectType(2)).toBe('chart');
    expect(parseTaggedObjectType('dataset')).toBe('dataset');
    expect(parseTaggedObjectType('saved_query')).toBe('query');
    expect(parseTaggedObjectType('query')).toBe('query');
  });

  it('refuses anything else', () => {
    for (const raw of ['0', '5', 'table', '', 'constructor', '2.5']) {
      expect(parseTaggedObjectType(raw)).toBeUndefined();
    }
  });
});
