/**
 * The three roles a person may ask for during onboarding. The names are Dodo's, misspelling included,
 * because they are the names of the built-in roles that get granted.
 */
export const REQUESTABLE_ROLES = ['readonly', 'Vizualize data', 'Create data'] as const;

export type RequestableRole = (typeof REQUESTABLE_ROLES)[number];

/** Creating datasets and using SQL Lab is for the managing company only. */
export const MANAGING_COMPANY_ONLY_ROLES: readonly RequestableRole[] = ['Create data'];

export function isRequestableRole(name: string): name is RequestableRole {
  return (REQUESTABLE_ROLES as readonly string[]).includes(name);
}

/** Whether a person of this origin may hold the role (franchisees may not create data). */
export function roleAllowedFor(role: RequestableRole, isExternal: boolean): boolean {
  return !isExternal || !MANAGING_COMPANY_ONLY_ROLES.includes(role);
}
