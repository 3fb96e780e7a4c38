import { describe, expect, it } from 'vitest';
import {
  canFinishOnboarding,
  onboardingStep,
  roleOptionDisabled,
  type StepState,
  shouldSearchTeams,
} from './steps.ts';

const fresh: StepState = {
  isOnboardingFinished: false,
  onboardingStartedTime: null,
  startedByUser: true,
  passedStepTwo: false,
  embedded: false,
};

describe('onboardingStep', () => {
  it('shows step 1 until the role is saved, then step 2', () => {
    expect(onboardingStep(fresh)).toBe('step1');
    expect(onboardingStep({ ...fresh, onboardingStartedTime: '2026-01-01T00:00:00Z' })).toBe('step2');
  });

  it('shows nothing unless the person started onboarding, and never when embedded', () => {
    expect(onboardingStep({ ...fresh, startedByUser: false })).toBe('none');
    expect(onboardingStep({ ...fresh, embedded: true })).toBe('none');
  });

  it('opens by itself for a newcomer until they finish', () => {
    const newcomer = { ...fresh, startedByUser: false, opensByItself: true };
    expect(onboardingStep(newcomer)).toBe('step1');
    expect(onboardingStep({ ...newcomer, onboardingStartedTime: '2026-01-01T00:00:00Z' })).toBe('step2');
    expect(onboardingStep({ ...newcomer, isOnboardingFinished: true, passedStepTwo: true })).toBe('step3');
    expect(
      onboardingStep({ ...newcomer, isOnboardingFinished: true, hasTeam: false, hasOpenRequest: false }),
    ).toBe('none');
    expect(onboardingStep({ ...newcomer, embedded: true })).toBe('none');
  });

  it('confirms with step 3 only right after step 2', () => {
    expect(onboardingStep({ ...fresh, isOnboardingFinished: true, passedStepTwo: true })).toBe('step3');
    expect(onboardingStep({ ...fresh, isOnboardingFinished: true })).toBe('none');
  });

  it('lets a finished person without a team see their waiting request or ask again', () => {
    const finished = { ...fresh, isOnboardingFinished: true, onboardingStartedTime: '2026-01-01T00:00:00Z' };
    expect(onboardingStep({ ...finished, hasTeam: false, hasOpenRequest: true })).toBe('step3');
    expect(onboardingStep({ ...finished, hasTeam: false, hasOpenRequest: false })).toBe('step2');
    expect(onboardingStep({ ...finished, hasTeam: true, hasOpenRequest: false })).toBe('none');
    expect(onboardingStep({ ...finished, hasTeam: false })).toBe('none');
    expect(onboardingStep({ ...finished, hasOpenRequest: false })).toBe('none');
    expect(onboardingStep({ ...finished, startedByUser: false, hasTeam: false, hasOpenRequest: false })).toBe(
      'none',
    );
  });
});

describe('step 2 controls', () => {
  const newTeam = { kind: 'new' as const, typed: 'DATA' };
  it('disables every role until a valid team is chosen, and for an existing team', () => {
    expect(roleOptionDisabled('readonly', false, { kind: 'none' })).toBe(true);
    expect(roleOptionDisabled('readonly', false, { kind: 'new', typed: 'AB' })).toBe(true);
    expect(roleOptionDisabled('readonly', false, { kind: 'existing', name: 'X', slug: 'x', roles: [] })).toBe(
      true,
    );
    expect(roleOptionDisabled('readonly', false, newTeam)).toBe(false);
  });

  it('disables Create data for franchisees', () => {
    expect(roleOptionDisabled('Create data', true, newTeam)).toBe(true);
    expect(roleOptionDisabled('Create data', false, newTeam)).toBe(false);
  });

  it('finishes only with a team and a role', () => {
    expect(canFinishOnboarding(newTeam, ['readonly'])).toBe(true);
    expect(canFinishOnboarding(newTeam, [])).toBe(false);
    expect(canFinishOnboarding({ kind: 'new', typed: 'AB' }, ['readonly'])).toBe(false);
  });
});

describe('shouldSearchTeams', () => {
  it('waits for 3 typed characters', () => {
    expect(shouldSearchTeams(' ab ')).toBe(false);
    expect(shouldSearchTeams('abc')).toBe(true);
  });
});
