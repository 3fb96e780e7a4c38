import type { DashboardDto } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import { checkMetadata, issueText } from './metadataValidation.ts';
import { changesFromDashboard, metadataText, propertiesBody } from './propertiesChanges.ts';

const DASHBOARD = {
  id: 7,
  dashboard_title: 'Sales',
  dashboard_title_ru: 'Продажи',
  slug: 'sales',
  owners: [{ id: 1, first_name: 'Anna', last_name: 'Ivanova' }],
  roles: [{ id: 3, name: 'Gamma' }],
  certified_by: null,
  certification_details: 'stale details',
  json_metadata: '{"color_scheme":"supersetColors"}',
} as DashboardDto;

describe('propertiesBody', () => {
  const changes = changesFromDashboard(DASHBOARD, { color_scheme: 'supersetColors' });

  it('applies the save rules: untitled, null slug, details only with a certifier, no layout', () => {
    const body = propertiesBody(
      { ...changes, title: '  ', titleRu: ' ', slug: '', certificationDetails: 'kept?' },
      { rbac: false, css: '.a{}' },
    );
    expect(body).toEqual({
      dashboard_title: '[ untitled dashboard ]',
      dashboard_title_ru: '[ Безымянный Дашборд ]',
      slug: null,
      owners: [1],
      certified_by: null,
      certification_details: null,
      css: '.a{}',
      json_metadata: '{"color_scheme":"supersetColors","version":1}',
    });
  });

  it('saves a blank Russian title next to a real one as its placeholder', () => {
    expect(propertiesBody({ ...changes, titleRu: '' }, { rbac: false, css: null })).toMatchObject({
      dashboard_title: 'Sales',
      dashboard_title_ru: '[ Безымянный Дашборд ]',
      css: '',
    });
  });

  it('sends roles only with role-based access, and the details with a certifier', () => {
    const body = propertiesBody(
      { ...changes, certifiedBy: 'Finance', certificationDetails: 'Checked' },
      { rbac: true, css: null, changedOn: '2024-05-01T10:00:00' },
    );
    expect(body).toMatchObject({
      dashboard_title: 'Sales',
      dashboard_title_ru: 'Продажи',
      slug: 'sales',
      roles: [3],
      certified_by: 'Finance',
      certification_details: 'Checked',
      changed_on: '2024-05-01T10:00:00',
    });
  });

  it('pretty-prints the metadata it starts from and keeps unreadable text for the author to fix', () => {
    expect(metadataText(DASHBOARD)).toBe('{\n  "color_scheme": "supersetColors"\n}');
    expect(metadataText({ json_metadata: null })).toBe('{}');
    expect(metadataText({ json_metadata: '{oops' })).toBe('{oops');
  });
});

describe('checkMetadata', () => {
  it('accepts the known keys and an empty text', () => {
    expect(checkMetadata('{"color_scheme": null, "refresh_frequency": 60, "label_colors": {}}')).toEqual({
      metadata: { color_scheme: null, refresh_frequency: 60, label_colors: {} },
      issues: [],
    });
    expect(checkMetadata('  ').issues).toEqual([]);
  });

  it('lists what is wrong, in the UI language', () => {
    expect(checkMetadata('{').issues).toEqual([{ code: 'invalidJson' }]);
    const { issues } = checkMetadata('{"colour": 1, "refresh_frequency": "often"}');
    expect(issues).toEqual([
      { code: 'problem', field: 'colour', message: 'Unknown field.' },
      { code: 'problem', field: 'refresh_frequency', message: 'Not a valid integer.' },
    ]);
    const t = (key: string, options?: Record<string, unknown>) =>
      key === 'dashboardProperties.issues.field'
        ? `${options?.field}: ${options?.reason}`
        : key.split('.').pop()!;
    expect(issues.map((issue) => issueText(issue, t))).toEqual([
      'colour: unknownKey',
      'refresh_frequency: integer',
    ]);
    expect(issueText(checkMetadata('[1]').issues[0]!, t)).toBe('notObject');
  });
});
