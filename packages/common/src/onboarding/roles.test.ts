import { describe, expect, it } from 'vitest';
import { isRequestableRole, REQUESTABLE_ROLES, roleAllowedFor } from './roles.ts';

describe('requestable roles', () => {
  it('are the three onboarding roles', () => {
    expect(REQUESTABLE_ROLES).toEqual(['readonly', 'Vizualize data', 'Create data']);
    expect(isRequestableRole('Vizualize data')).toBe(true);
    expect(isRequestableRole('Admin')).toBe(false);
  });

  it('keep Create data from franchisees', () => {
    expect(roleAllowedFor('Create data', true)).toBe(false);
    expect(roleAllowedFor('Create data', false)).toBe(true);
    expect(roleAllowedFor('readonly', true)).toBe(true);
  });
});
