import { describe, expect, it } from 'vitest';
import { explorePermissions } from './permissions.ts';

const gamma = {
  Gamma: [
    ['can_write', 'Chart'],
    ['can_csv', 'Superset'],
  ] as Array<[string, string]>,
};
const viewer = { Viewer: [['can_read', 'Chart']] as Array<[string, string]> };

describe('explorePermissions', () => {
  it('lets a writer save a new chart and download, and overwrite only charts they own', () => {
    expect(explorePermissions(gamma, 5, null)).toEqual({
      canAdd: true,
      canDownload: true,
      canOverwrite: false,
      canSqlLab: false,
    });
    expect(explorePermissions(gamma, 5, [5, 6]).canOverwrite).toBe(true);
    expect(explorePermissions(gamma, 5, [6]).canOverwrite).toBe(false);
  });

  it('gives a reader neither saving nor downloading', () => {
    expect(explorePermissions(viewer, 5, [5])).toEqual({
      canAdd: false,
      canDownload: false,
      canOverwrite: false,
      canSqlLab: false,
    });
  });

  it('lets SQL Lab users run the chart query there', () => {
    const lab = { sql_lab: [['can_sqllab', 'Superset']] as Array<[string, string]> };
    expect(explorePermissions(lab, 5, null).canSqlLab).toBe(true);
  });

  it('lets an admin, in any case of the name, do everything on a saved chart', () => {
    expect(explorePermissions({ ADMIN: [] }, 1, [9])).toEqual({
      canAdd: true,
      canDownload: true,
      canOverwrite: true,
      canSqlLab: true,
    });
  });

  it('allows nothing before the roles are known', () => {
    expect(explorePermissions(undefined, 1, [1])).toEqual({
      canAdd: false,
      canDownload: false,
      canOverwrite: false,
      canSqlLab: false,
    });
  });
});
