// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { DashboardListPage } from './DashboardListPage.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const ANNA = { id: 1, first_name: 'Anna', last_name: 'Ivanova' };

const DASHBOARDS = [
  {
    id: 1,
    uuid: 'u-1',
    dashboard_title: 'Sales overview',
    dashboard_title_ru: 'Обзор продаж',
    slug: 'sales',
    url: '/superset/dashboard/sales/',
    published: true,
    status: 'published',
    certified_by: 'Finance',
    certification_details: 'Checked monthly',
    changed_by: ANNA,
    changed_by_name: 'Anna Ivanova',
    changed_on_utc: '2024-05-01T10:00:00+00:00',
    changed_on_delta_humanized: '2 days ago',
    created_by: ANNA,
    owners: [ANNA],
  },
  {
    id: 2,
    uuid: 'u-2',
    dashboard_title: 'Scratch',
    dashboard_title_ru: null,
    slug: null,
    url: '/superset/dashboard/2/',
    published: false,
    status: 'draft',
    certified_by: null,
    certification_details: null,
    changed_by: null,
    changed_by_name: '',
    changed_on_utc: '2024-04-01T10:00:00+00:00',
    changed_on_delta_humanized: 'a month ago',
    created_by: null,
    owners: [],
  },
];

const DETAIL = {
  ...DASHBOARDS[0],
  css: '',
  json_metadata: '{}',
  position_json: null,
  thumbnail_url: null,
  changed_on: '2024-05-01T10:00:00',
  created_on_delta_humanized: '3 days ago',
  charts: [],
  roles: [],
  tags: [],
  is_managed_externally: false,
};

const ADMIN_ROLES = { Admin: [] };
/** Gamma writes dashboards but owns none of the listed ones but Anna's (when signed in as Anna). */
const GAMMA_ROLES = {
  Gamma: [
    ['can_read', 'Dashboard'],
    ['can_write', 'Dashboard'],
    ['can_export', 'Dashboard'],
  ],
};

let requests: RecordedRequest[];
let starFails: boolean;
let me: { id: number; roles: Record<string, unknown[]> };

beforeEach(() => {
  starFails = false;
  me = { id: 1, roles: ADMIN_ROLES };
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/me/roles/'))
      return json(200, { result: { ...ANNA, username: 'anna', ...me } });
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/feature_flags/')) return json(200, { result: {} });
    if (url.startsWith('/api/v1/dashboard/favorite_status/'))
      return json(200, { result: DASHBOARDS.map((item) => ({ id: item.id, value: item.id === 2 })) });
    if (url.includes('/favorites/'))
      return starFails ? json(500, { message: 'Fatal error' }) : json(200, { result: 'OK' });
    if (url.startsWith('/api/v1/dashboard/related/'))
      return json(200, { count: 1, result: [{ value: 1, text: 'Anna Ivanova' }] });
    if (method === 'DELETE') return json(200, { message: 'OK' });
    if (method === 'POST' && url === '/api/v1/dashboard/') return json(201, { id: 9, result: {} });
    if (method === 'PUT') return json(200, { id: 1, result: {}, last_modified_time: 1714557600 });
    if (url === '/api/v1/dashboard/1') return json(200, { result: DETAIL });
    if (url.startsWith('/api/v1/dashboard/'))
      return json(200, { count: DASHBOARDS.length, ids: [1, 2], result: DASHBOARDS });
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(language: 'en' | 'ru' = 'en') {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/list/" element={<DashboardListPage />} />
      <Route path="/superset/dashboard/:idOrSlug/" element={<p>Dashboard page</p>} />
    </Routes>,
    language,
    '/dashboard/list/',
  );
}

describe('DashboardListPage', () => {
  it('lists dashboards with their state, certification, owners and a link to each', async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: 'Sales overview' });
    expect(link.getAttribute('href')).toBe('/superset/dashboard/sales/');
    const row = link.closest('tr')!;
    expect(row.textContent).toContain('Published');
    expect(row.textContent).toContain('Anna Ivanova');
    expect(within(row).getByLabelText('Certified')).toBeTruthy();
    const draft = screen.getByRole('link', { name: 'Scratch' });
    expect(draft.getAttribute('href')).toBe('/superset/dashboard/2/');
    expect(draft.closest('tr')!.textContent).toContain('Draft');
  });

  it('shows Russian titles in a Russian UI, English where there is none', async () => {
    renderPage('ru');
    expect(await screen.findByRole('link', { name: 'Обзор продаж' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Scratch' })).toBeTruthy();
    expect(screen.getByText('Опубликован')).toBeTruthy();
  });

  it('searches titles in both languages on the server', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    const search = screen.getByPlaceholderText('Search by title');
    fireEvent.change(search, { target: { value: 'продаж' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(
        requests.some((request) =>
          request.url.includes('(col:dashboard_title,opr:title_or_slug,value:продаж)'),
        ),
      ).toBe(true),
    );
  });

  it('filters by published state', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByTitle('Draft'));
    await waitFor(() =>
      expect(requests.some((request) => request.url.includes('(col:published,opr:eq,value:!f)'))).toBe(true),
    );
  });

  it('stars a dashboard, and says so when starring fails', async () => {
    starFails = true;
    renderPage();
    expect(
      (await screen.findByRole('button', { name: 'Remove Scratch from favorites' })).getAttribute(
        'aria-pressed',
      ),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Add Sales overview to favorites' }));
    expect(await screen.findByText('There was an issue favoriting this dashboard.')).toBeTruthy();
    expect(
      requests.some(
        (request) => request.method === 'POST' && request.url === '/api/v1/dashboard/1/favorites/',
      ),
    ).toBe(true);
  });

  it('switches to cards with the badge, owners and actions', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    fireEvent.click(screen.getByText('Card view'));
    const card = await screen.findByRole('article', { name: 'Sales overview' });
    expect(card.textContent).toContain('Published');
    expect(card.textContent).toContain('Anna Ivanova');
    expect(within(card).getByRole('button', { name: 'Add Sales overview to favorites' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('deletes the selected dashboards with one request after asking', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    fireEvent.click(screen.getByText('Card view'));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Sales overview' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Scratch' }));
    expect(screen.getByText('2 selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(within(await screen.findByRole('tooltip')).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(
        requests.some(
          (request) => request.method === 'DELETE' && request.url === '/api/v1/dashboard/?q=!(1,2)',
        ),
      ).toBe(true),
    );
    expect(await screen.findByText('Deleted 2 dashboards')).toBeTruthy();
  });

  it('creates an untitled dashboard and opens it in edit mode', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    fireEvent.click(screen.getByRole('button', { name: /Dashboard/ }));
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    const created = requests.find(
      (request) => request.method === 'POST' && request.url === '/api/v1/dashboard/',
    );
    expect(created?.body).toEqual({ dashboard_title: '[ untitled dashboard ]' });
  });

  it('edits the properties of a dashboard from its row', async () => {
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    fireEvent.click(screen.getByRole('button', { name: 'Edit the properties of Sales overview' }));
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Sales review' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url).toBe('/api/v1/dashboard/1');
    expect(put?.body).toMatchObject({ dashboard_title: 'Sales review', owners: [1] });
  });

  it('exports the selected dashboards as one file', async () => {
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderPage();
    await screen.findByRole('link', { name: 'Sales overview' });
    fireEvent.click(screen.getAllByRole('checkbox')[1]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Export selected' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(requests.some((request) => request.url === '/api/v1/dashboard/export/?q=!(1)')).toBe(true);
    click.mockRestore();
  });

  it('offers edit and delete only on the dashboards the person owns, to a Gamma user', async () => {
    me = { id: 1, roles: GAMMA_ROLES };
    renderPage();
    const own = (await screen.findByRole('link', { name: 'Sales overview' })).closest('tr')!;
    await waitFor(() => expect(within(own).queryByRole('button', { name: /Delete/ })).toBeTruthy());
    expect(within(own).getByRole('button', { name: 'Edit the properties of Sales overview' })).toBeTruthy();
    const others = screen.getByRole('link', { name: 'Scratch' }).closest('tr')!;
    expect(within(others).queryByRole('button', { name: /Edit/ })).toBeNull();
    expect(within(others).queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(within(others).getByRole('button', { name: 'Export Scratch' })).toBeTruthy();
  });

  it('offers neither creating, importing nor changing to someone without can_write on Dashboard', async () => {
    me = { id: 1, roles: { readonly: [['can_read', 'Dashboard']] } };
    renderPage();
    const own = (await screen.findByRole('link', { name: 'Sales overview' })).closest('tr')!;
    expect(within(own).queryByRole('button', { name: /Edit|Delete|Export/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Dashboard$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
  });
});
