/** 'Role in Dodo Brands', typed in onboarding step 1. */
export const DODO_ROLE_MIN_LENGTH = 3;
export const DODO_ROLE_MAX_LENGTH = 30;

/** Latin and Cyrillic letters, digits, space, dot, underscore and hyphen: what the field lets one type. */
export const DODO_ROLE_CHARACTER = /^[a-zA-Zа-яА-ЯёЁ0-9 ._-]$/;

export type DodoRoleProblem = 'required' | 'tooShort' | 'tooLong' | 'badCharacters';

/** The spec's texts for each problem, as the server answers them and the form shows them in English. */
export const DODO_ROLE_MESSAGES: Readonly<Record<DodoRoleProblem, string>> = {
  required: 'Please input your role in Dodo Brands!',
  tooShort: 'Minimum 3 characters',
  tooLong: 'Maximum 30 characters',
  badCharacters: 'Only letters, digits, spaces, dots, underscores and hyphens are allowed',
};

/** Whether one typed character may enter the field. */
export function isDodoRoleCharacter(character: string): boolean {
  return DODO_ROLE_CHARACTER.test(character);
}

/** The first problem with a role text, or null when it is acceptable. Surrounding spaces do not count. */
export function dodoRoleProblem(value: string | null | undefined): DodoRoleProblem | null {
  const text = (value ?? '').trim();
  if (text === '') return 'required';
  if ([...text].some((character) => !isDodoRoleCharacter(character))) return 'badCharacters';
  if ([...text].length < DODO_ROLE_MIN_LENGTH) return 'tooShort';
  if ([...text].length > DODO_ROLE_MAX_LENGTH) return 'tooLong';
  return null;
}
