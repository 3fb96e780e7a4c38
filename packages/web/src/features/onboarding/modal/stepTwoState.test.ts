import { describe, expect, it } from 'vitest';
import {
  canFinish,
  chosenTeam,
  INITIAL_STEP_TWO,
  type StepTwoAction,
  type StepTwoState,
  statementRequest,
  stepTwoReducer,
} from './stepTwoState.ts';

const run = (actions: StepTwoAction[], from: StepTwoState = INITIAL_STEP_TWO) =>
  actions.reduce(stepTwoReducer, from);

const analytics = {
  id: 7,
  name: 'ANALYTICS',
  slug: 'analytics',
  is_external: false,
  roles: [
    { id: 1, name: 'Vizualize data' },
    { id: 2, name: 'readonly' },
  ],
  member_count: 2,
};

describe('step 2 form', () => {
  it('starts as a franchisee with no team and no roles, and cannot finish', () => {
    expect(INITIAL_STEP_TWO.isExternal).toBe(true);
    expect(chosenTeam(INITIAL_STEP_TWO)).toBeNull();
    expect(canFinish(INITIAL_STEP_TWO)).toBe(false);
  });

  it('upper-cases a typed team and refuses characters and lengths the rules forbid', () => {
    const typed = run([{ type: 'typed', text: 'ivanov ivan' }]);
    expect(typed.text).toBe('IVANOV IVAN');
    expect(run([{ type: 'typed', text: 'ivanov!' }], typed).text).toBe('IVANOV IVAN');
    expect(run([{ type: 'typed', text: 'a.b.c' }], typed).text).toBe('IVANOV IVAN');
    expect(run([{ type: 'typed', text: 'x'.repeat(21) }], typed).text).toBe('IVANOV IVAN');
    expect(run([{ type: 'typed', text: 'c.level' }], typed).text).toBe('C.LEVEL');
  });

  it('formats a new franchisee team with the FRANCHISEE and fr_ prefixes', () => {
    const state = run([{ type: 'typed', text: ' ivanov ivan ' }]);
    expect(chosenTeam(state)).toEqual({
      name: 'FRANCHISEE IVANOV IVAN',
      slug: 'fr_ivanov_ivan',
      isNew: true,
    });
    const company = run([
      { type: 'origin', isExternal: false },
      { type: 'typed', text: 'data team' },
    ]);
    expect(chosenTeam(company)).toEqual({ name: 'DATA TEAM', slug: 'data_team', isNew: true });
  });

  it('counts fewer than 3 typed characters as no team and keeps roles disabled', () => {
    const short = run([
      { type: 'typed', text: 'ab' },
      { type: 'toggleRole', role: 'readonly', checked: true },
    ]);
    expect(chosenTeam(short)).toBeNull();
    expect(short.roles).toEqual([]);
  });

  it('keeps Create data from franchisees but not from the managing company', () => {
    const franchisee = run([
      { type: 'typed', text: 'ivanov' },
      { type: 'toggleRole', role: 'Create data', checked: true },
      { type: 'toggleRole', role: 'readonly', checked: true },
    ]);
    expect(franchisee.roles).toEqual(['readonly']);
    const company = run([
      { type: 'origin', isExternal: false },
      { type: 'typed', text: 'data' },
      { type: 'toggleRole', role: 'Create data', checked: true },
      { type: 'toggleRole', role: 'readonly', checked: true },
    ]);
    expect(company.roles).toEqual(['readonly', 'Create data']);
    expect(statementRequest(company)).toEqual({
      is_new_team: true,
      is_external: false,
      team: 'DATA',
      team_slug: 'data',
      request_roles: ['readonly', 'Create data'],
    });
  });

  it("fixes the roles to an existing team's and ignores toggles", () => {
    const picked = run([
      { type: 'origin', isExternal: false },
      { type: 'picked', team: analytics },
      { type: 'toggleRole', role: 'Create data', checked: true },
    ]);
    expect(picked.roles).toEqual(['readonly', 'Vizualize data']);
    expect(statementRequest(picked)).toEqual({
      is_new_team: false,
      is_external: false,
      team: 'ANALYTICS',
      team_slug: 'analytics',
      request_roles: ['readonly', 'Vizualize data'],
    });
  });

  it('resets the team, the text and the roles when the origin changes', () => {
    const state = run([
      { type: 'origin', isExternal: false },
      { type: 'picked', team: analytics },
      { type: 'origin', isExternal: true },
    ]);
    expect(state).toEqual(INITIAL_STEP_TWO);
  });

  it('clears the team and its roles when the tag is closed', () => {
    const state = run([{ type: 'picked', team: analytics }, { type: 'clearTeam' }]);
    expect(chosenTeam(state)).toBeNull();
    expect(state.roles).toEqual([]);
    expect(canFinish(state)).toBe(false);
  });
});
