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
  });

  it('has none for pages outside the menu', () => {
    expect(activeNavKey('/')).toBeUndefined();
    expect(activeNavKey('/nowhere/')).toBeUndefined();
  });
});
