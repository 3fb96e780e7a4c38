/**
 * How tags are shown wherever objects are listed (spec B §5, §9): a name longer than 20 characters is cut
 * with an ellipsis (the full name goes in a tooltip), and 4 tags are shown by default, the rest behind a
 * '+N'. Each tag links to the page listing every object that carries it.
 */

/** Names longer than this are cut. */
export const TAG_NAME_MAX_LENGTH = 20;
/** How many tags a list shows before '+N'. */
export const DEFAULT_VISIBLE_TAGS = 4;
/** The page listing every object with a tag (Superset's AllEntities page). */
export const ALL_ENTITIES_PATH = '/superset/all_entities/';

export interface ShortTagName {
  text: string;
  /** Whether the name was cut (then show the full name in a tooltip). */
  truncated: boolean;
}

/** A tag's name as shown: its first 20 characters and '…' when it is longer. Counts characters, not UTF-16 units. */
export function shortTagName(name: string, maxLength = TAG_NAME_MAX_LENGTH): ShortTagName {
  const characters = Array.from(name);
  if (characters.length <= maxLength) return { text: name, truncated: false };
  return { text: `${characters.slice(0, maxLength).join('')}…`, truncated: true };
}

export interface VisibleTags<T> {
  shown: T[];
  hidden: T[];
  /** The '+N' label, or null when nothing is hidden. */
  moreLabel: string | null;
}

/** The tags shown first and the rest behind '+N'; `max` below 1 shows none until the rest is opened. */
export function visibleTags<T>(tags: readonly T[], max = DEFAULT_VISIBLE_TAGS): VisibleTags<T> {
  const limit = Math.max(0, Math.floor(max));
  if (tags.length <= limit) return { shown: [...tags], hidden: [], moreLabel: null };
  const hidden = tags.slice(limit);
  return { shown: tags.slice(0, limit), hidden, moreLabel: `+${hidden.length}` };
}

/** The all-entities page of one tag. */
export function allEntitiesPath(tagId: number): string {
  return `${ALL_ENTITIES_PATH}?id=${tagId}`;
}

/** Tags as the user typed them in a picker: trimmed, empty ones dropped, each name once (first spelling wins). */
export function cleanTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const clean: string[] = [];
  for (const raw of names) {
    const name = raw.trim();
    if (name === '' || seen.has(name)) continue;
    seen.add(name);
    clean.push(name);
  }
  return clean;
}

/** What a picker's save must do: the names to add and the names to take off. */
export function tagChanges(
  before: readonly string[],
  after: readonly string[],
): { added: string[]; removed: string[] } {
  const next = cleanTagNames(after);
  const previous = new Set(before);
  const kept = new Set(next);
  return {
    added: next.filter((name) => !previous.has(name)),
    removed: before.filter((name) => !kept.has(name)),
  };
}
