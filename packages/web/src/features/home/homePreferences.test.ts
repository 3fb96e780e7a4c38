import { describe, expect, it } from 'vitest';
import {
  activeTab,
  DEFAULT_PREFERENCES,
  openSections,
  parsePreferences,
  preferencesKey,
  readPreferences,
  withOpenSections,
  writePreferences,
} from './homePreferences.ts';

class MemoryStorage {
  values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('home preferences', () => {
  it('keeps what is known and drops the rest', () => {
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences('{oops')).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences('[1]')).toEqual(DEFAULT_PREFERENCES);
    expect(
      parsePreferences(
        JSON.stringify({
          collapsed: ['charts', 'nope', 'charts', 3],
          tabs: { recents: 'edited', dashboards: 'viewed', other: 'mine' },
          view: 'list',
        }),
      ),
    ).toEqual({ collapsed: ['charts'], tabs: { recents: 'edited' }, view: 'list' });
    expect(parsePreferences(JSON.stringify({ view: 'table' })).view).toBe('cards');
  });

  it("answers each section's tab, its first until another is picked", () => {
    const preferences = parsePreferences(JSON.stringify({ tabs: { charts: 'mine' } }));
    expect(activeTab(preferences, 'charts')).toBe('mine');
    expect(activeTab(preferences, 'dashboards')).toBe('favorite');
    expect(activeTab(preferences, 'recents')).toBe('viewed');
  });

  it('turns the open panels into the folded sections and back', () => {
    const folded = withOpenSections(DEFAULT_PREFERENCES, ['recents', 'savedQueries']);
    expect(folded.collapsed).toEqual(['dashboards', 'charts']);
    expect(openSections(folded)).toEqual(['recents', 'savedQueries']);
    expect(openSections(DEFAULT_PREFERENCES)).toEqual(['recents', 'dashboards', 'charts', 'savedQueries']);
  });

  it('remembers per person', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    writePreferences(1, { ...DEFAULT_PREFERENCES, collapsed: ['charts'] }, storage);
    expect(readPreferences(1, storage).collapsed).toEqual(['charts']);
    expect(readPreferences(2, storage)).toEqual(DEFAULT_PREFERENCES);
    expect(preferencesKey(1)).not.toBe(preferencesKey(2));
  });
});
