/**
 * Team names and slugs. A person types a short name ("ivanov ivan"); the team's display name is its trimmed
 * upper case ("IVANOV IVAN") and its slug the trimmed lower case with underscores ("ivanov_ivan"), both
 * prefixed for franchisee teams ("FRANCHISEE IVANOV IVAN", "fr_ivanov_ivan").
 */
export const MIN_TEAM_NAME_LENGTH = 3;
export const MAX_TEAM_NAME_LENGTH = 20;
export const TEAM_SEARCH_MIN_LENGTH = 3;
export const TEAM_SEARCH_DELAY_MS = 500;

export const FRANCHISEE_NAME_PREFIX = 'FRANCHISEE ';
export const FRANCHISEE_SLUG_PREFIX = 'fr_';

/** What may be typed as a new team name: letters, digits and spaces, one optional dot, an optional leading '-'. */
const TYPED_TEAM_NAME = /^-?[0-9a-zA-Z ]*(\.[0-9a-zA-Z ]*)?$/;

/**
 * The text as the team field keeps it while typing (upper-cased), or null when the keystroke that produced
 * it must be refused.
 */
export function acceptTypedTeamName(text: string): string | null {
  if (text.length > MAX_TEAM_NAME_LENGTH || !TYPED_TEAM_NAME.test(text)) return null;
  return text.toUpperCase();
}

/** A typed name makes a valid new team once it has at least 3 characters besides surrounding spaces. */
export function isValidNewTeamName(text: string): boolean {
  const trimmed = text.trim();
  return (
    trimmed.length >= MIN_TEAM_NAME_LENGTH &&
    text.length <= MAX_TEAM_NAME_LENGTH &&
    TYPED_TEAM_NAME.test(text)
  );
}

export function teamDisplayName(typed: string, isExternal: boolean): string {
  const name = typed.trim().toUpperCase();
  return isExternal ? `${FRANCHISEE_NAME_PREFIX}${name}` : name;
}

export function teamSlug(typed: string, isExternal: boolean): string {
  const slug = typed.trim().toLowerCase().replace(/ /g, '_');
  return isExternal ? `${FRANCHISEE_SLUG_PREFIX}${slug}` : slug;
}

/** The typed part of a display name (without the franchisee prefix), or null when the prefix is wrong. */
export function typedPartOfName(name: string, isExternal: boolean): string | null {
  if (!isExternal) return name.startsWith(FRANCHISEE_NAME_PREFIX) ? null : name;
  return name.startsWith(FRANCHISEE_NAME_PREFIX) ? name.slice(FRANCHISEE_NAME_PREFIX.length) : null;
}

export type TeamNameProblem = 'nameFormat' | 'slugMismatch';

export const TEAM_NAME_MESSAGES: Readonly<Record<TeamNameProblem, string>> = {
  nameFormat:
    'The team name must be 3 to 20 letters, digits or spaces (one dot allowed) in upper case, prefixed "FRANCHISEE " for franchisee teams and only for them',
  slugMismatch:
    'The team slug must be the lower-case team name with underscores, prefixed "fr_" for franchisee teams',
};

/** Problems with a full team name alone (used when a team is renamed; its slug stays). */
export function teamNameProblem(name: string, isExternal: boolean): 'nameFormat' | null {
  const typed = typedPartOfName(name, isExternal);
  if (typed === null || !isValidNewTeamName(typed)) return 'nameFormat';
  return teamDisplayName(typed, isExternal) === name ? null : 'nameFormat';
}

/** Problems with a new team's name and slug: both must be what the typed name formats to. */
export function teamNameAndSlugProblem(
  name: string,
  slug: string,
  isExternal: boolean,
): TeamNameProblem | null {
  const nameProblem = teamNameProblem(name, isExternal);
  if (nameProblem) return nameProblem;
  const typed = typedPartOfName(name, isExternal) ?? '';
  return teamSlug(typed, isExternal) === slug ? null : 'slugMismatch';
}
