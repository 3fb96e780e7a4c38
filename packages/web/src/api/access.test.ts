import { describe, expect, it } from 'vitest';
import { hasPermission, isAdmin, type RolePermissions } from './access.ts';

describe('access checks', () => {
  it('lets a role named admin in any case pass everything', () => {
    expect(isAdmin({ ADMIN: [] })).toBe(true);
    expect(hasPermission({ admin: [] }, ['can_read', 'User'])).toBe(true);
  });

  it('otherwise looks for the pair in any role', () => {
    const roles: RolePermissions = {
      Gamma: [['can_read', 'Dashboard']],
      sql_lab: [['can_sqllab', 'Superset']],
    };
    expect(isAdmin(roles)).toBe(false);
    expect(hasPermission(roles, ['can_sqllab', 'Superset'])).toBe(true);
    expect(hasPermission(roles, ['can_read', 'User'])).toBe(false);
  });
});
