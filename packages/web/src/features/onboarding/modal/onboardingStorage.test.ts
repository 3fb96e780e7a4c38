import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closedInThisBrowser,
  ONBOARDING_LOCAL_STORAGE_KEY,
  readOnboardingMemory,
  rememberOnboardingClosed,
  startOnboardingByUser,
  subscribeOnboardingMemory,
} from './onboardingStorage.ts';

describe('onboarding memory', () => {
  beforeEach(() => window.localStorage.clear());

  it('is empty at first and after a broken value', () => {
    expect(readOnboardingMemory()).toEqual({});
    window.localStorage.setItem(ONBOARDING_LOCAL_STORAGE_KEY, '{broken');
    expect(readOnboardingMemory()).toEqual({});
  });

  it('marks a start by the user, then the close time instead', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeOnboardingMemory(listener);
    startOnboardingByUser();
    expect(readOnboardingMemory()).toEqual({ initialByUser: true });
    rememberOnboardingClosed(7, new Date('2026-11-24T03:00:00Z'));
    expect(JSON.parse(window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY)!)).toEqual({
      theTimeOfTheLastShow: '2026-11-24T03:00:00.000Z',
      closedFor: 7,
    });
    expect(readOnboardingMemory().initialByUser).toBeUndefined();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it("knows whose close it was: another person's record still opens by itself", () => {
    expect(closedInThisBrowser(readOnboardingMemory(), 7)).toBe(false);
    rememberOnboardingClosed(7);
    expect(closedInThisBrowser(readOnboardingMemory(), 7)).toBe(true);
    expect(closedInThisBrowser(readOnboardingMemory(), 8)).toBe(false);
    // Dodo's own format names nobody: it counts for everyone.
    window.localStorage.setItem(
      ONBOARDING_LOCAL_STORAGE_KEY,
      '{"theTimeOfTheLastShow":"2026-11-24T03:00:00Z"}',
    );
    expect(closedInThisBrowser(readOnboardingMemory(), 8)).toBe(true);
  });

  it('returns the same object while the stored text is unchanged', () => {
    startOnboardingByUser();
    expect(readOnboardingMemory()).toBe(readOnboardingMemory());
  });
});
