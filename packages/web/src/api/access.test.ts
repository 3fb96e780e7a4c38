import { describe, expect, it } from 'vitest';
import { hasPermission, isAdmin, mayChangeOwned, type RolePermissions } from './access.ts';

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

  it('lets owners with can_write on the view change an object, and admins any', () => {
    const gamma: RolePermissions = { Gamma: [['can_write', 'Dashboard']] };
    const owners = [{ id: 7 }];
    expect(mayChangeOwned(gamma, 7, owners, 'Dashboard')).toBe(true);
    expect(mayChangeOwned(gamma, 8, owners, 'Dashboard')).toBe(false);
    expect(mayChangeOwned(gamma, 7, owners, 'Dataset')).toBe(false);
    expect(mayChangeOwned(gamma, undefined, owners, 'Dashboard')).toBe(false);
    expect(mayChangeOwned({ Admin: [] }, 8, owners, 'Dataset')).toBe(true);
  });
});
