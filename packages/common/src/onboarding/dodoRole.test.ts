import { describe, expect, it } from 'vitest';
import { DODO_ROLE_MESSAGES, dodoRoleProblem, isDodoRoleCharacter } from './dodoRole.ts';

describe('dodoRoleProblem', () => {
  it('requires a role', () => {
    expect(dodoRoleProblem('')).toBe('required');
    expect(dodoRoleProblem('   ')).toBe('required');
    expect(dodoRoleProblem(undefined)).toBe('required');
  });

  it('wants 3 to 30 characters, surrounding spaces not counted', () => {
    expect(dodoRoleProblem(' ab ')).toBe('tooShort');
    expect(dodoRoleProblem('abc')).toBeNull();
    expect(dodoRoleProblem('a'.repeat(30))).toBeNull();
    expect(dodoRoleProblem('a'.repeat(31))).toBe('tooLong');
  });

  it('accepts Latin and Cyrillic letters, digits, space, dot, underscore and hyphen only', () => {
    expect(dodoRoleProblem('Аналитик данных-2_v.1')).toBeNull();
    expect(dodoRoleProblem('Data analyst')).toBeNull();
    expect(dodoRoleProblem('Ёжик')).toBeNull();
    expect(dodoRoleProblem('analyst!')).toBe('badCharacters');
    expect(dodoRoleProblem('<b>boss</b>')).toBe('badCharacters');
    expect(isDodoRoleCharacter('я')).toBe(true);
    expect(isDodoRoleCharacter('@')).toBe(false);
  });

  it('has the spec texts', () => {
    expect(DODO_ROLE_MESSAGES.required).toBe('Please input your role in Dodo Brands!');
    expect(DODO_ROLE_MESSAGES.tooShort).toBe('Minimum 3 characters');
    expect(DODO_ROLE_MESSAGES.tooLong).toBe('Maximum 30 characters');
  });
});
