import { HOME_SECTIONS, HOME_TABS, type HomeSection, type HomeTab } from '@vitrina/common/home/sections';
import { useCallback, useState } from 'react';

/**
 * What the home page remembers per person in the browser (as Superset keeps its collapse state and its
 * thumbnails switch): which sections are folded, each section's tab, and cards or a list.
 */

export type HomeView = 'cards' | 'list';

export interface HomePreferences {
  collapsed: HomeSection[];
  tabs: { [S in HomeSection]?: HomeTab<S> };
  view: HomeView;
}

export const DEFAULT_PREFERENCES: HomePreferences = { collapsed: [], tabs: {}, view: 'cards' };

export function preferencesKey(userId: number): string {
  return `vitrina.home.${userId}`;
}

const isSection = (value: unknown): value is HomeSection =>
  typeof value === 'string' && (HOME_SECTIONS as readonly string[]).includes(value);

/** Stored text as preferences: whatever is unknown or malformed falls back to the default. */
export function parsePreferences(text: string | null): HomePreferences {
  let value: unknown;
  try {
    value = text === null ? null : JSON.parse(text);
  } catch {
    value = null;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_PREFERENCES;
  const stored = value as Record<string, unknown>;
  const collapsed = Array.isArray(stored.collapsed) ? [...new Set(stored.collapsed.filter(isSection))] : [];
  const tabs: Record<string, string> = {};
  if (typeof stored.tabs === 'object' && stored.tabs !== null) {
    for (const [section, tab] of Object.entries(stored.tabs)) {
      if (isSection(section) && (HOME_TABS[section] as readonly unknown[]).includes(tab)) {
        tabs[section] = tab as string;
      }
    }
  }
  const view: HomeView = stored.view === 'list' ? 'list' : 'cards';
  return { collapsed, tabs: tabs as HomePreferences['tabs'], view };
}

/** The tab a section shows: the remembered one, else its first. */
export function activeTab<S extends HomeSection>(preferences: HomePreferences, section: S): HomeTab<S> {
  return (preferences.tabs[section] ?? HOME_TABS[section][0]) as HomeTab<S>;
}

/** The sections shown open, in page order. */
export function openSections(preferences: HomePreferences): HomeSection[] {
  return HOME_SECTIONS.filter((section) => !preferences.collapsed.includes(section));
}

/** Preferences with exactly these sections open (the rest folded). */
export function withOpenSections(preferences: HomePreferences, open: readonly string[]): HomePreferences {
  return { ...preferences, collapsed: HOME_SECTIONS.filter((section) => !open.includes(section)) };
}

export function readPreferences(userId: number, storage: Storage = window.localStorage): HomePreferences {
  try {
    return parsePreferences(storage.getItem(preferencesKey(userId)));
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

export function writePreferences(
  userId: number,
  preferences: HomePreferences,
  storage: Storage = window.localStorage,
): void {
  try {
    storage.setItem(preferencesKey(userId), JSON.stringify(preferences));
  } catch {
    // Not remembering is harmless: the page opens with everything unfolded next time.
  }
}

/** The person's preferences (none until their id is known) and a setter that remembers them. */
export function useHomePreferences(userId: number | undefined) {
  const [state, setState] = useState<{ userId: number | undefined; preferences: HomePreferences }>(() => ({
    userId,
    preferences: userId === undefined ? DEFAULT_PREFERENCES : readPreferences(userId),
  }));
  // The id arrives after the first paint when /me/ was not cached yet: read that person's choices then.
  let current = state;
  if (state.userId !== userId) {
    current = { userId, preferences: userId === undefined ? DEFAULT_PREFERENCES : readPreferences(userId) };
    setState(current);
  }
  const update = useCallback((change: (preferences: HomePreferences) => HomePreferences) => {
    setState((before) => {
      const preferences = change(before.preferences);
      if (before.userId !== undefined) writePreferences(before.userId, preferences);
      return { ...before, preferences };
    });
  }, []);
  return [current.preferences, update] as const;
}
