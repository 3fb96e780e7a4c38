// @vitest-environment jsdom

import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardDto } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { PropertiesModal } from './PropertiesModal.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const DASHBOARD: DashboardDto = {
  id: 7,
  uuid: 'u-7',
  slug: 'sales',
  url: '/superset/dashboard/sales/',
  dashboard_title: 'Sales',
  dashboard_title_ru: 'Продажи',
  thumbnail_url: null,
  published: true,
  css: '.x { color: red; }',
  json_metadata: '{"color_scheme":"supersetColors","refresh_frequency":0}',
  position_json: null,
  certified_by: null,
  certification_details: null,
  changed_by_name: 'Anna Ivanova',
  changed_by: null,
  changed_on: '2024-05-01T10:00:00',
  changed_on_delta_humanized: '2 days ago',
  created_by: null,
  created_on_delta_humanized: '3 days ago',
  charts: [],
  owners: [{ id: 1, first_name: 'Anna', last_name: 'Ivanova' }],
  roles: [],
  tags: [],
  is_managed_externally: false,
};

let requests: RecordedRequest[];
let putStatus: number;
let flags: Record<string, boolean>;

beforeEach(() => {
  putStatus = 200;
  flags = {};
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/feature_flags/')) return json(200, { result: flags });
    if (url.startsWith('/api/v1/dashboard/related/'))
      return json(200, { count: 1, result: [{ value: 2, text: 'Boris Petrov' }] });
    if (method === 'PUT') {
      if (putStatus === 403) return json(403, { message: 'Forbidden' });
      if (putStatus === 422) return json(422, { message: { slug: ['Must be unique'] } });
      return json(200, { id: 7, result: {}, last_modified_time: 1714557600 });
    }
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal(props: Partial<Parameters<typeof PropertiesModal>[0]> = {}) {
  const handlers = { onClose: vi.fn(), onApply: vi.fn(), onSaved: vi.fn() };
  renderWithProviders(<PropertiesModal dashboard={DASHBOARD} open mode="save" {...handlers} {...props} />);
  return handlers;
}

const puts = () => requests.filter((request) => request.method === 'PUT');

describe('PropertiesModal', () => {
  it('saves the properties with PUT under the save rules and says so', async () => {
    const { onSaved, onClose } = renderModal();
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Sales 2024' } });
    fireEvent.change(screen.getByLabelText('URL slug'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.url).toBe('/api/v1/dashboard/7');
    expect(puts()[0]!.body).toEqual({
      dashboard_title: 'Sales 2024',
      dashboard_title_ru: 'Продажи',
      slug: null,
      owners: [1],
      certified_by: null,
      certification_details: null,
      css: '.x { color: red; }',
      json_metadata: JSON.stringify({ color_scheme: 'supersetColors', refresh_frequency: 0, version: 1 }),
      changed_on: '2024-05-01T10:00:00',
    });
    expect(onSaved).toHaveBeenCalledWith(
      expect.objectContaining({ id: 7, dashboard_title: 'Sales 2024', slug: null }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('saves an emptied Russian title as its placeholder, which the field announces', async () => {
    renderModal();
    const ru = await screen.findByLabelText('Title in Russian');
    expect(ru.getAttribute('placeholder')).toBe('Saved as [ Безымянный Дашборд ] when left empty');
    fireEvent.change(ru, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    expect(puts()[0]!.body).toMatchObject({
      dashboard_title: 'Sales',
      dashboard_title_ru: '[ Безымянный Дашборд ]',
    });
  });

  it('shows where the slug leads', async () => {
    renderModal();
    fireEvent.change(await screen.findByLabelText('URL slug'), { target: { value: 'q2' } });
    expect(screen.getByText(/\/superset\/dashboard\/q2\/$/)).toBeTruthy();
  });

  it('hands the changes to the page in apply mode without saving', async () => {
    const { onApply, onClose } = renderModal({ mode: 'apply' });
    fireEvent.change(await screen.findByLabelText('Title in Russian'), { target: { value: 'Продажи 2024' } });
    fireEvent.change(screen.getByLabelText('Certified by'), { target: { value: 'Finance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Sales',
        titleRu: 'Продажи 2024',
        certifiedBy: 'Finance',
        owners: [expect.objectContaining({ id: 1 })],
        metadata: { color_scheme: 'supersetColors', refresh_frequency: 0 },
      }),
    );
    expect(onClose).toHaveBeenCalled();
    expect(puts()).toHaveLength(0);
  });

  it('writes the colour scheme and refresh frequency into the metadata', async () => {
    renderModal();
    const scheme = await screen.findByLabelText('Colour scheme');
    fireEvent.mouseDown(scheme);
    fireEvent.click(await screen.findByText('D3 category 10'));
    fireEvent.mouseDown(screen.getByLabelText('Refresh frequency'));
    fireEvent.click(await screen.findByText('5 minutes'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(JSON.parse((puts()[0]!.body as { json_metadata: string }).json_metadata)).toEqual({
      color_scheme: 'd3Category10',
      refresh_frequency: 300,
      version: 1,
    });
  });

  it('lists what is wrong with the metadata and will not save it', async () => {
    renderModal({ dashboard: { ...DASHBOARD, json_metadata: '{"colour": "red"}' } });
    expect(await screen.findByText('colour: unknown key')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the user may not edit on a 403', async () => {
    putStatus = 403;
    const { onClose } = renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to edit this dashboard')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the server reason of a refused save, also at the field', async () => {
    putStatus = 422;
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Sorry, there was an error saving this dashboard: slug: Must be unique'),
    ).toBeTruthy();
    expect(screen.getByText('Must be unique')).toBeTruthy();
  });

  it('offers roles only with role-based access on, and sends them then', async () => {
    renderModal();
    await screen.findByLabelText('Owners');
    expect(screen.queryByLabelText('Roles')).toBeNull();
    cleanup();
    flags = { DASHBOARD_RBAC: true };
    renderModal({ dashboard: { ...DASHBOARD, roles: [{ id: 3, name: 'Gamma' }] } });
    const roles = await screen.findByLabelText('Roles');
    expect(within(roles.closest('.ant-select')!).getByText('Gamma')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toMatchObject({ roles: [3] });
  });
});
