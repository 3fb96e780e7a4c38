import { describe, expect, it } from 'vitest';
import { parseLayout } from '../layout/parse.ts';
import {
  buildSaveBody,
  type DashboardDraft,
  UNTITLED_DASHBOARD_TITLE,
  UNTITLED_DASHBOARD_TITLE_RU,
} from './save.ts';

const draft = (patch: Partial<DashboardDraft> = {}): DashboardDraft => ({
  dashboard_title: 'Sales',
  dashboard_title_ru: 'Продажи',
  slug: 'sales',
  css: '.a { color: red; }',
  owners: [1, 2],
  roles: [3],
  certified_by: 'Data team',
  certification_details: 'Checked monthly',
  metadata: { version: 1, color_scheme: 'supersetColors', positions: { ROOT_ID: {} } },
  layout: parseLayout(null, [{ id: 7, slice_name: 'Orders' }], { dashboardTitle: 'Old title' }),
  ...patch,
});

describe('buildSaveBody', () => {
  it('sends the draft with layout and metadata as versioned JSON text', () => {
    const body = buildSaveBody(draft(), { rbacEnabled: true });
    expect(body).toMatchObject({
      dashboard_title: 'Sales',
      dashboard_title_ru: 'Продажи',
      slug: 'sales',
      css: '.a { color: red; }',
      owners: [1, 2],
      roles: [3],
      certified_by: 'Data team',
      certification_details: 'Checked monthly',
    });
    expect(JSON.parse(body.json_metadata)).toEqual({ version: 1, color_scheme: 'supersetColors' });
    const layout = JSON.parse(body.position_json);
    expect(layout.DASHBOARD_VERSION_KEY).toBe('v2');
    expect(layout.HEADER_ID.meta.text).toBe('Sales');
    expect(
      Object.values(layout).some((node) => (node as { meta?: { chartId?: number } }).meta?.chartId === 7),
    ).toBe(true);
  });

  it('uses the placeholder for an empty title and null for an empty slug', () => {
    const body = buildSaveBody(draft({ dashboard_title: '  ', dashboard_title_ru: '', slug: ' ' }), {
      rbacEnabled: false,
    });
    expect(body.dashboard_title).toBe(UNTITLED_DASHBOARD_TITLE);
    expect(body.dashboard_title).toBe('[ untitled dashboard ]');
    expect(body.dashboard_title_ru).toBe(UNTITLED_DASHBOARD_TITLE_RU);
    expect(body.slug).toBeNull();
    expect(JSON.parse(body.position_json).HEADER_ID.meta.text).toBe('[ untitled dashboard ]');
  });

  it('saves a blank Russian title as its placeholder next to a real one, and leaves it out when the draft has none', () => {
    expect(UNTITLED_DASHBOARD_TITLE_RU).toBe('[ Безымянный Дашборд ]');
    const blank = buildSaveBody(draft({ dashboard_title_ru: ' ' }), { rbacEnabled: false });
    expect(blank.dashboard_title).toBe('Sales');
    expect(blank.dashboard_title_ru).toBe('[ Безымянный Дашборд ]');
    expect(
      buildSaveBody(draft({ dashboard_title_ru: null }), { rbacEnabled: false }).dashboard_title_ru,
    ).toBe('[ Безымянный Дашборд ]');
    const { dashboard_title_ru: _ru, ...withoutRu } = draft();
    expect('dashboard_title_ru' in buildSaveBody(withoutRu, { rbacEnabled: false })).toBe(false);
  });

  it('keeps certification details only with a certifier', () => {
    const body = buildSaveBody(draft({ certified_by: '' }), { rbacEnabled: false });
    expect(body.certified_by).toBeNull();
    expect(body.certification_details).toBeNull();
    expect(
      buildSaveBody(draft({ certification_details: ' ' }), { rbacEnabled: false }).certification_details,
    ).toBeNull();
  });

  it('sends roles only with role-based access on', () => {
    expect('roles' in buildSaveBody(draft(), { rbacEnabled: false })).toBe(false);
    expect(buildSaveBody(draft({ roles: [] }), { rbacEnabled: true }).roles).toEqual([]);
  });

  it('sends empty css for none and stamps the metadata version', () => {
    const body = buildSaveBody(draft({ css: null, metadata: {} }), { rbacEnabled: false });
    expect(body.css).toBe('');
    expect(JSON.parse(body.json_metadata)).toEqual({ version: 1 });
  });

  it('saves a layout without a header as it is', () => {
    const { HEADER_ID: _header, ...layout } = draft().layout;
    const body = buildSaveBody(draft({ layout }), { rbacEnabled: false });
    expect(JSON.parse(body.position_json).HEADER_ID).toBeUndefined();
  });
});
