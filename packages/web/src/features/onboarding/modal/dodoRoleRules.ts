import { dodoRoleProblem, isDodoRoleCharacter } from '@vitrina/common';
import type { TFunction } from 'i18next';

/** Drops what may not be typed into 'Role in Dodo Brands' (pasted text included). */
export function keepDodoRoleCharacters(value: string | undefined): string {
  return [...(value ?? '')].filter(isDodoRoleCharacter).join('');
}

/** The field's message in the interface language, or null when the role is acceptable. */
export function dodoRoleMessage(value: string | undefined, t: TFunction): string | null {
  const problem = dodoRoleProblem(value);
  return problem ? t(`onboarding.step1.${problem}`) : null;
}
