/**
 * Finding texts of the other language on a screen, from the catalogues themselves: a screen in Russian must
 * show none of the English catalogue's texts (and the other way round), so a string that skipped i18n, or
 * a key missing from one catalogue, shows up without anyone keeping a list of words to look for.
 */

type Tree = { readonly [key: string]: unknown };

export interface ForeignText {
  key: string;
  /** The catalogue text, as written there. */
  text: string;
  /** Matches a whole on-screen text that is this catalogue text (interpolations match anything). */
  pattern: RegExp;
}

const INTERPOLATION = /\{\{[^}]*\}\}|\$t\([^)]*\)/g;
const LETTER = /\p{L}/gu;
/** Texts shorter than this (in letters, interpolations left out) say too little to tell a language by. */
const MIN_LETTERS = 4;

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.push([path, value]);
    else if (value && typeof value === 'object') out.push(...leaves(value as Tree, path));
  }
  return out;
}

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(text: string): RegExp {
  const parts = collapse(text).split(INTERPOLATION).map(escapeRegExp);
  return new RegExp(`^${parts.join('.+?')}$`, 'u');
}

/**
 * A text spelled as its own key (or its parent's, as `useCase.readonly.title: "readonly"`) names a thing
 * stored as data, such as a role: the screens that list roles show the stored name in any language.
 */
function namesAnIdentifier(key: string, text: string): boolean {
  const segments = key.split('.');
  return segments.slice(-2).includes(text);
}

/**
 * The other language's texts a screen in `own` must not show: every text of `foreign` that differs from
 * its own-language counterpart, is no text of the own catalogue anywhere (product names, SQL words), is
 * not the name of stored data, and has enough letters to mean something.
 */
export function foreignTexts(own: Tree, foreign: Tree): ForeignText[] {
  const ownByKey = new Map(leaves(own));
  const ownTexts = new Set([...ownByKey.values()].map(collapse));
  const out: ForeignText[] = [];
  for (const [key, text] of leaves(foreign)) {
    const normal = collapse(text);
    if (ownByKey.get(key) !== undefined && collapse(ownByKey.get(key) ?? '') === normal) continue;
    if (ownTexts.has(normal) || namesAnIdentifier(key, normal)) continue;
    if ((normal.replace(INTERPOLATION, '').match(LETTER)?.length ?? 0) < MIN_LETTERS) continue;
    out.push({ key, text, pattern: patternOf(normal) });
  }
  return out;
}

/** The on-screen texts that are catalogue texts of the other language, with the keys they came from. */
export function leaksIn(
  screenTexts: readonly string[],
  foreign: readonly ForeignText[],
): Array<{ shown: string; key: string }> {
  const found: Array<{ shown: string; key: string }> = [];
  for (const shown of new Set(screenTexts.map(collapse))) {
    if (!shown) continue;
    const match = foreign.find((candidate) => candidate.pattern.test(shown));
    if (match) found.push({ shown, key: match.key });
  }
  return found;
}
