import type { DashboardDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import type { DashboardProperties } from '../state/types.ts';
import { applyPropertiesAction, editedDashboard } from './editedDashboard.ts';

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

const PROPERTIES: DashboardProperties = {
  slug: 'new',
  owners: [{ id: 2, first_name: 'C D', last_name: '' }],
  roles: [{ id: 5, name: 'Gamma' }],
  certifiedBy: 'QA',
  certificationDetails: 'ok',
};

const SESSION = {
  title: 'New',
  titleRu: 'Новый',
  css: 'a{}',
  metadata: { refresh_frequency: 10 },
  properties: PROPERTIES,
};

describe('editedDashboard', () => {
  it('shows the session edits, properties included', () => {
    expect(editedDashboard(DASHBOARD, SESSION)).toMatchObject({
      id: 1,
      dashboard_title: 'New',
      dashboard_title_ru: 'Новый',
      css: 'a{}',
      json_metadata: '{"refresh_frequency":10}',
      slug: 'new',
      owners: PROPERTIES.owners,
      roles: PROPERTIES.roles,
      certified_by: 'QA',
      certification_details: 'ok',
    });
  });
});

describe('applyPropertiesAction', () => {
  it('turns what the modal applied into one session step', () => {
    expect(
      applyPropertiesAction({
        title: 'New',
        titleRu: 'Новый',
        slug: 'new',
        owners: PROPERTIES.owners,
        roles: PROPERTIES.roles,
        certifiedBy: 'QA',
        certificationDetails: 'ok',
        metadata: { color_scheme: 'bnbColors' },
      }),
    ).toEqual({
      type: 'setProperties',
      title: 'New',
      titleRu: 'Новый',
      metadata: { color_scheme: 'bnbColors' },
      properties: PROPERTIES,
    });
  });
});
