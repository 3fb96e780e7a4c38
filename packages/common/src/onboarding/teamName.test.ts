import { describe, expect, it } from 'vitest';
import {
  acceptTypedTeamName,
  isValidNewTeamName,
  teamDisplayName,
  teamNameAndSlugProblem,
  teamNameProblem,
  teamSlug,
  typedPartOfName,
} from './teamName.ts';

describe('team name formatting', () => {
  it('upper-cases the trimmed name and prefixes franchisee teams', () => {
    expect(teamDisplayName(' ivanov ivan ', true)).toBe('FRANCHISEE IVANOV IVAN');
    expect(teamDisplayName('data team', false)).toBe('DATA TEAM');
  });

  it('lower-cases the slug, turns spaces into underscores and prefixes franchisee teams', () => {
    expect(teamSlug(' ivanov ivan ', true)).toBe('fr_ivanov_ivan');
    expect(teamSlug('Data Team', false)).toBe('data_team');
    expect(teamSlug('C.LEVEL', false)).toBe('c.level');
  });

  it('splits the franchisee prefix off a display name', () => {
    expect(typedPartOfName('FRANCHISEE IVANOV', true)).toBe('IVANOV');
    expect(typedPartOfName('IVANOV', true)).toBeNull();
    expect(typedPartOfName('FRANCHISEE IVANOV', false)).toBeNull();
    expect(typedPartOfName('IVANOV', false)).toBe('IVANOV');
  });
});

describe('typed team names', () => {
  it('accepts letters, digits, spaces, one dot and a leading hyphen, upper-casing them', () => {
    expect(acceptTypedTeamName('data team 2')).toBe('DATA TEAM 2');
    expect(acceptTypedTeamName('c.level')).toBe('C.LEVEL');
    expect(acceptTypedTeamName('-ops')).toBe('-OPS');
  });

  it('refuses a second dot, other characters and more than 20 characters', () => {
    expect(acceptTypedTeamName('a.b.c')).toBeNull();
    expect(acceptTypedTeamName('team_a')).toBeNull();
    expect(acceptTypedTeamName('команда')).toBeNull();
    expect(acceptTypedTeamName('a'.repeat(21))).toBeNull();
    expect(acceptTypedTeamName('a'.repeat(20))).toBe('A'.repeat(20));
  });

  it('makes a new team only from 3 trimmed characters', () => {
    expect(isValidNewTeamName(' ab ')).toBe(false);
    expect(isValidNewTeamName('abc')).toBe(true);
    expect(isValidNewTeamName('a_c')).toBe(false);
  });
});

describe('team name and slug rules', () => {
  it('accepts the formatted pair of either origin', () => {
    expect(teamNameAndSlugProblem('FRANCHISEE IVANOV IVAN', 'fr_ivanov_ivan', true)).toBeNull();
    expect(teamNameAndSlugProblem('DATA TEAM', 'data_team', false)).toBeNull();
  });

  it('refuses a name inconsistent with the origin', () => {
    expect(teamNameAndSlugProblem('IVANOV', 'fr_ivanov', true)).toBe('nameFormat');
    expect(teamNameAndSlugProblem('FRANCHISEE IVANOV', 'fr_ivanov', false)).toBe('nameFormat');
  });

  it('refuses lower case, short, long or badly typed names', () => {
    expect(teamNameProblem('data team', false)).toBe('nameFormat');
    expect(teamNameProblem('AB', false)).toBe('nameFormat');
    expect(teamNameProblem('A'.repeat(21), false)).toBe('nameFormat');
    expect(teamNameProblem(' DATA', false)).toBe('nameFormat');
    expect(teamNameProblem('DATA_TEAM', false)).toBe('nameFormat');
  });

  it('refuses a slug that is not the formatted name', () => {
    expect(teamNameAndSlugProblem('DATA TEAM', 'data-team', false)).toBe('slugMismatch');
    expect(teamNameAndSlugProblem('FRANCHISEE IVANOV', 'ivanov', true)).toBe('slugMismatch');
  });
});
