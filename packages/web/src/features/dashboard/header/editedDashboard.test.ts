import type { DashboardDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { editedDashboard, overridesFrom } from './editedDashboard.ts';

const DASHBOARD = {
  id: 1,
  dashboard_title: 'Old',
  dashboard_title_ru: null,
  slug: 'old',
  css: '',
  json_metadata: '{}',
  owners: [{ id: 1, first_name: 'A', last_name: 'B' }],
  roles: [],
  certified_by: null,
  certification_details: null,
} as unknown as DashboardDto;

const SESSION = { title: 'New', titleRu: 'Новый', css: 'a{}', metadata: { refresh_frequency: 10 } };

const APPLIED = {
  title: 'New',
  titleRu: 'Новый',
  slug: 'new',
  owners: [{ id: 2, first_name: 'C D', last_name: '' }],
  roles: [{ id: 5, name: 'Gamma' }],
  certifiedBy: 'QA',
  certificationDetails: 'ok',
  metadata: {},
};

describe('editedDashboard', () => {
  it('shows the session edits', () => {
    expect(editedDashboard(DASHBOARD, SESSION, null)).toMatchObject({
      dashboard_title: 'New',
      dashboard_title_ru: 'Новый',
      css: 'a{}',
      json_metadata: '{"refresh_frequency":10}',
      slug: 'old',
    });
  });

  it('shows the properties applied in edit mode', () => {
    expect(editedDashboard(DASHBOARD, SESSION, APPLIED)).toMatchObject({
      slug: 'new',
      owners: APPLIED.owners,
      roles: APPLIED.roles,
      certified_by: 'QA',
    });
  });
});

describe('overridesFrom', () => {
  it('turns applied properties into save overrides', () => {
    expect(overridesFrom(null)).toEqual({});
    expect(overridesFrom(APPLIED)).toEqual({
      slug: 'new',
      owners: [2],
      roles: [5],
      certified_by: 'QA',
      certification_details: 'ok',
    });
  });
});
