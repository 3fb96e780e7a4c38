import { describe, expect, it } from 'vitest';
import { activeNavKey } from './navigation.ts';

describe('activeNavKey', () => {
  it('finds the entry with or without the trailing slash', () => {
    expect(activeNavKey('/sqllab/')).toBe('sqllab');
    expect(activeNavKey('/sqllab')).toBe('sqllab');
    expect(activeNavKey('/onboarding/request/list/')).toBe('onboardingRequests');
    expect(activeNavKey('/databaseview/list/')).toBe('databases');
  });

  it('keeps an area highlighted on its other pages', () => {
    expect(activeNavKey('/dataset/add/')).toBe('datasets');
    expect(activeNavKey('/dataset/12/edit')).toBe('datasets');
    // An admin page opened from a Settings list keeps Settings highlighted (issue 20, item 13).
    expect(activeNavKey('/onboarding/request/edit/5')).toBe('onboardingRequests');
    expect(activeNavKey('/onboarding/team/edit/3')).toBe('teams');
    expect(activeNavKey('/actionlog/list/')).toBe('actionLog');
  });

  it('has none for pages outside the menu', () => {
    expect(activeNavKey('/')).toBeUndefined();
    expect(activeNavKey('/nowhere/')).toBeUndefined();
  });
});
