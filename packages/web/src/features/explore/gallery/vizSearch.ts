/**
 * The chart-type gallery's search: a type matches when its name in either language, its viz_type or
 * one of its tags contains the text, so a Russian user typing "столб" and an English one typing "bar"
 * find the same chart. Names that start with the text come first.
 */
import type { ChartMetadata, VizCategory, VizType } from '@vitrina/common';

export type GalleryTab = VizCategory | 'all';

export interface GalleryEntry {
  vizType: VizType;
  metadata: ChartMetadata;
}

/** A catalogue lookup: the text of an i18n key in one language. */
export type Translate = (language: 'en' | 'ru', key: string) => string;

function normalize(text: string): string {
  return text.toLocaleLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ').trim();
}

/** 0: a name starts with the text; 1: a name contains it; 2: only tags or the viz_type do; null: no match. */
function rank(entry: GalleryEntry, needle: string, translate: Translate): number | null {
  const names = [translate('en', entry.metadata.nameKey), translate('ru', entry.metadata.nameKey)].map(
    normalize,
  );
  if (names.some((name) => name.startsWith(needle) || name.split(' ').some((w) => w.startsWith(needle))))
    return 0;
  if (names.some((name) => name.includes(needle))) return 1;
  const others = [entry.vizType, ...entry.metadata.tags].map(normalize);
  return others.some((text) => text.includes(needle)) ? 2 : null;
}

/** The entries of a tab that match the search text, best matches first, otherwise in registry order. */
export function searchVizTypes(
  entries: readonly GalleryEntry[],
  text: string,
  tab: GalleryTab,
  translate: Translate,
): GalleryEntry[] {
  const needle = normalize(text);
  const inTab = entries.filter((entry) => tab === 'all' || entry.metadata.category === tab);
  if (!needle) return inTab;
  return inTab
    .map((entry, index) => ({ entry, index, rank: rank(entry, needle, translate) }))
    .filter((item): item is { entry: GalleryEntry; index: number; rank: number } => item.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((item) => item.entry);
}
