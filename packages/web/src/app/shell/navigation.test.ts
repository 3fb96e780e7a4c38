import { describe, expect, it } from 'vitest';
import { activeNavKey, isNavGroup, visibleNavigation } from './navigation.ts';

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
    expect(activeNavKey('/annotationlayer/3/annotation/')).toBe('annotationLayers');
    expect(activeNavKey('/superset/tags/')).toBe('tags');
  });

  it('has none for pages outside the menu', () => {
    expect(activeNavKey('/')).toBeUndefined();
    expect(activeNavKey('/nowhere/')).toBeUndefined();
  });
});

describe('visibleNavigation', () => {
  const keys = (entries: ReturnType<typeof visibleNavigation>) =>
    entries.flatMap((entry) => (isNavGroup(entry) ? entry.children.map((link) => link.key) : [entry.key]));

  it('shows a person only the screens their roles open (issue 20, item 11)', () => {
    const gamma = {
      Gamma: [
        ['can_read', 'Dashboard'],
        ['can_read', 'Chart'],
        ['can_read', 'ReportSchedule'],
      ] as Array<[string, string]>,
    };
    expect(keys(visibleNavigation(gamma))).toEqual(['dashboards', 'charts', 'reports']);
    const analyst = { ...gamma, sql_lab: [['can_sqllab', 'Superset']] as Array<[string, string]> };
    expect(keys(visibleNavigation(analyst))).toContain('sqllab');
  });

  it('drops a group with nothing left in it, and shows administrators everything', () => {
    const viewer = { readonly: [['can_read', 'Dashboard']] as Array<[string, string]> };
    expect(visibleNavigation(viewer).map((entry) => entry.key)).toEqual(['dashboards']);
    const admin = visibleNavigation({ Admin: [] });
    expect(keys(admin)).toEqual(
      expect.arrayContaining(['sqllab', 'databases', 'users', 'actionLog', 'teams']),
    );
  });

  it('shows Tags to holders of its menu while TAGGING_SYSTEM is on, and to nobody while it is off', () => {
    const alpha = { Alpha: [['menu_access', 'Tags']] as Array<[string, string]> };
    const gamma = { Gamma: [['can_write', 'Tag']] as Array<[string, string]> };
    const on = { TAGGING_SYSTEM: true };
    expect(keys(visibleNavigation(alpha, on))).toEqual(['tags']);
    expect(keys(visibleNavigation(gamma, on))).toEqual([]);
    expect(keys(visibleNavigation({ Admin: [] }, on))).toContain('tags');
    expect(keys(visibleNavigation({ Admin: [] }, { TAGGING_SYSTEM: false }))).not.toContain('tags');
    expect(keys(visibleNavigation(alpha))).toEqual([]);
  });
});
