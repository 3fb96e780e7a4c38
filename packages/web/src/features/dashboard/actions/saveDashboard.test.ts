import type { DashboardDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { errorFromResponse, networkError } from '../../../api/errors.ts';
import { classifySaveFailure, saveDraft, saveRequestBody } from './saveDashboard.ts';

const DASHBOARD: DashboardDto = {
  id: 7,
  uuid: 'u',
  slug: 'sales',
  url: '/superset/dashboard/sales/',
  dashboard_title: 'Sales',
  dashboard_title_ru: 'Продажи',
  thumbnail_url: null,
  published: false,
  css: '',
  json_metadata: '{}',
  position_json: null,
  certified_by: 'Data team',
  certification_details: 'Checked',
  changed_by_name: 'Ann Lee',
  changed_by: null,
  changed_on: '2026-03-10T10:00:00',
  changed_on_delta_humanized: '2 hours ago',
  created_by: null,
  created_on_delta_humanized: '',
  charts: [],
  owners: [{ id: 3, first_name: 'Ann', last_name: 'Lee' }],
  roles: [{ id: 2, name: 'Gamma' }],
  tags: [],
  is_managed_externally: false,
};

const SESSION = {
  layout: {},
  css: '.x { color: red }',
  metadata: { refresh_frequency: 60, positions: { a: 1 } },
  title: 'Sales 2026',
  titleRu: '',
  properties: {
    slug: 'sales',
    owners: DASHBOARD.owners,
    roles: DASHBOARD.roles,
    certifiedBy: 'Data team',
    certificationDetails: 'Checked',
  },
};

describe('saveDraft', () => {
  it('takes everything from the edit session', () => {
    expect(saveDraft(SESSION)).toMatchObject({
      dashboard_title: 'Sales 2026',
      dashboard_title_ru: '',
      slug: 'sales',
      css: '.x { color: red }',
      owners: [3],
      roles: [2],
      certified_by: 'Data team',
      certification_details: 'Checked',
    });
  });

  it('saves the properties edited in edit mode', () => {
    const owners = [...DASHBOARD.owners, { id: 4, first_name: 'Bo', last_name: 'Ng' }];
    const draft = saveDraft({
      ...SESSION,
      properties: { ...SESSION.properties, slug: '', owners, certifiedBy: null },
    });
    expect(draft).toMatchObject({ slug: '', owners: [3, 4], certified_by: null });
  });
});

describe('saveRequestBody', () => {
  const draft = saveDraft({ ...SESSION, properties: { ...SESSION.properties, slug: '  ', certifiedBy: '' } });

  it('follows the save rules and carries the loaded changed_on', () => {
    const body = saveRequestBody(draft, { rbacEnabled: false, loadedChangedOn: DASHBOARD.changed_on });
    expect(body.slug).toBeNull();
    expect(body.certified_by).toBeNull();
    expect(body.certification_details).toBeNull();
    expect(body.roles).toBeUndefined();
    expect(body.changed_on).toBe('2026-03-10T10:00:00');
    const metadata = JSON.parse(body.json_metadata ?? '{}');
    expect(metadata.refresh_frequency).toBe(60);
    expect(metadata.positions).toBeUndefined();
  });

  it('sends roles only with role-based access, and no changed_on for an overwrite', () => {
    const body = saveRequestBody(draft, { rbacEnabled: true, loadedChangedOn: null });
    expect(body.roles).toEqual([2]);
    expect('changed_on' in body).toBe(false);
  });

  it('gives an empty title the placeholder and sends the layout as JSON text', () => {
    const body = saveRequestBody(saveDraft({ ...SESSION, title: ' ' }), {
      rbacEnabled: false,
      loadedChangedOn: null,
    });
    expect(body.dashboard_title).toBe('[ untitled dashboard ]');
    expect(JSON.parse(body.position_json ?? 'null')).toBeTypeOf('object');
  });
});

describe('classifySaveFailure', () => {
  it('maps statuses to the spec’s reports', () => {
    expect(
      classifySaveFailure(errorFromResponse(409, { message: 'Please confirm the overwrite values.' })),
    ).toEqual({
      kind: 'stale',
    });
    expect(classifySaveFailure(errorFromResponse(403, { message: 'Forbidden' }))).toEqual({
      kind: 'forbidden',
    });
    expect(classifySaveFailure(errorFromResponse(422, { message: { slug: ['Must be unique'] } }))).toEqual({
      kind: 'message',
      message: 'slug: Must be unique',
    });
    expect(classifySaveFailure(errorFromResponse(500, null))).toEqual({ kind: 'unknown' });
    expect(classifySaveFailure(networkError())).toEqual({ kind: 'unknown' });
    expect(classifySaveFailure(new Error('boom'))).toEqual({ kind: 'unknown' });
  });
});
