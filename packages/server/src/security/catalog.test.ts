import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ROLES, PERMISSION_CATALOG, pairsOfRole, REQUESTABLE_ROLE_NAMES } from './catalog.ts';
import { renderPermissionsDoc } from './catalogDoc.ts';

const DOC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/permissions.md');
const has = (role: string, permission: string, view: string) =>
  pairsOfRole(BUILT_IN_ROLES.find((r) => r.name === role)!).some(([p, v]) => p === permission && v === view);

describe('permission catalogue', () => {
  it('lists each pair once', () => {
    const keys = PERMISSION_CATALOG.map(([p, v]) => `${p}|${v}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('has the built-in roles, including the three requestable ones', () => {
    expect(BUILT_IN_ROLES.map((role) => role.name)).toEqual([
      'Admin',
      'Alpha',
      'Gamma',
      'sql_lab',
      'Public',
      'Guest',
      ...REQUESTABLE_ROLE_NAMES,
    ]);
  });

  it('gives Admin every pair, Public none, and the Guest role the beacon among its reads', () => {
    expect(pairsOfRole(BUILT_IN_ROLES[0]!)).toHaveLength(PERMISSION_CATALOG.length);
    expect(pairsOfRole(BUILT_IN_ROLES.find((r) => r.name === 'Public')!)).toEqual([]);
    const guest = pairsOfRole(BUILT_IN_ROLES.find((r) => r.name === 'Guest')!);
    expect(guest).toContainEqual(['can_log', 'Superset']);
    expect(guest).not.toContainEqual(['can_write', 'Dashboard']);
  });

  it('lets every built-in role that signs in send the event beacon', () => {
    // Public is nobody's sign-in: anonymous callers are refused before any role applies.
    for (const role of BUILT_IN_ROLES.filter((r) => r.name !== 'Public')) {
      expect(pairsOfRole(role), role.name).toContainEqual(['can_log', 'Superset']);
    }
  });

  it.each([
    ['can_read', 'User'],
    ['can_write', 'User'],
    ['can_read', 'Role'],
    ['can_write', 'Role'],
    ['can_grant_guest_token', 'SecurityRestApi'],
    ['all_query_access', 'all_query_access'],
  ])('keeps %s on %s for Admin alone', (permission, view) => {
    const holders = BUILT_IN_ROLES.filter((role) => has(role.name, permission, view)).map(
      (role) => role.name,
    );
    expect(holders).toEqual(['Admin']);
  });

  it.each([
    ['readonly', 'can_read', 'Dashboard', true],
    ['readonly', 'can_write', 'Dashboard', false],
    ['readonly', 'can_sqllab', 'Superset', false],
    ['Vizualize data', 'can_write', 'Chart', true],
    ['Vizualize data', 'can_write', 'Dashboard', true],
    ['Vizualize data', 'can_write', 'Dataset', false],
    ['Create data', 'can_write', 'Dataset', true],
    ['Create data', 'can_execute_sql_query', 'SQLLab', true],
    ['Create data', 'can_write', 'Dashboard', false],
    ['Gamma', 'all_datasource_access', 'all_datasource_access', false],
    ['Alpha', 'all_datasource_access', 'all_datasource_access', true],
    ['Alpha', 'can_sqllab', 'Superset', false],
    ['sql_lab', 'can_sqllab', 'Superset', true],
    ['sql_lab', 'can_read', 'Database', true],
  ])('%s: %s on %s is %s', (role, permission, view, expected) => {
    expect(has(role, permission, view)).toBe(expected);
  });

  it('is documented in docs/permissions.md', () => {
    const rendered = renderPermissionsDoc();
    if (process.env.UPDATE_PERMISSIONS_DOC === '1') fs.writeFileSync(DOC, rendered);
    expect(fs.readFileSync(DOC, 'utf8'), 'regenerate with UPDATE_PERMISSIONS_DOC=1').toBe(rendered);
  });
});
