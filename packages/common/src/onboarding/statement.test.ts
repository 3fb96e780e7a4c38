import { describe, expect, it } from 'vitest';
import type { StatementRequest } from '../api/onboarding.ts';
import { statementProblems } from './statement.ts';

const newFranchisee: StatementRequest = {
  is_new_team: true,
  is_external: true,
  team: 'FRANCHISEE IVANOV',
  team_slug: 'fr_ivanov',
  request_roles: ['readonly'],
};

describe('statementProblems', () => {
  it('accepts a valid new team request', () => {
    expect(statementProblems(newFranchisee, undefined)).toEqual({});
    expect(
      statementProblems(
        {
          ...newFranchisee,
          is_external: false,
          team: 'DATA',
          team_slug: 'data',
          request_roles: ['Create data', 'Vizualize data'],
        },
        undefined,
      ),
    ).toEqual({});
  });

  it('needs at least one role, and known ones', () => {
    expect(statementProblems({ ...newFranchisee, request_roles: [] }, undefined)).toEqual({
      request_roles: ['Choose at least one role'],
    });
    expect(statementProblems({ ...newFranchisee, request_roles: ['Admin', 'readonly'] }, undefined)).toEqual({
      request_roles: ['Unknown roles: Admin'],
    });
  });

  it('refuses Create data to franchisees', () => {
    expect(statementProblems({ ...newFranchisee, request_roles: ['Create data'] }, undefined)).toEqual({
      request_roles: ['Franchisees cannot request the role Create data'],
    });
  });

  it('checks a new team name and slug against the origin', () => {
    expect(
      statementProblems({ ...newFranchisee, team: 'IVANOV', team_slug: 'ivanov' }, undefined),
    ).toHaveProperty('team');
    expect(statementProblems({ ...newFranchisee, team_slug: 'fr_petrov' }, undefined)).toHaveProperty(
      'team_slug',
    );
  });

  it('refuses a new team whose slug is taken', () => {
    const existing = { name: 'FRANCHISEE IVANOV', slug: 'fr_ivanov', is_external: true };
    expect(statementProblems(newFranchisee, existing)).toEqual({
      team_slug: ["A team with the slug 'fr_ivanov' already exists; choose it instead"],
    });
  });

  it('needs an existing team to exist and match name and origin', () => {
    const request = { ...newFranchisee, is_new_team: false };
    expect(statementProblems(request, undefined)).toEqual({
      team_slug: ["No team has the slug 'fr_ivanov'"],
    });
    expect(
      statementProblems(request, { name: 'FRANCHISEE IVANOV', slug: 'fr_ivanov', is_external: true }),
    ).toEqual({});
    expect(
      statementProblems(request, { name: 'OTHER', slug: 'fr_ivanov', is_external: false }),
    ).toHaveProperty('team');
  });
});
