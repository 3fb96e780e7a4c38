// @vitest-environment jsdom

import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { DashboardHeader } from './DashboardHeader.tsx';
import {
  NO_PERMISSIONS,
  TEST_DASHBOARD,
  TestDashboard,
  type TestDashboardOptions,
} from './testDashboard.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

let requests: RecordedRequest[];
let starred: boolean;
let favoriteStatusFails: boolean;
let favoriteToggleFails: boolean;
let putAnswer: () => Response;
let flags: Record<string, boolean>;

beforeEach(() => {
  starred = false;
  favoriteStatusFails = false;
  favoriteToggleFails = false;
  flags = {};
  putAnswer = () => json(200, { id: 7, result: {}, last_modified_time: 1714560000 });
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/feature_flags/')) return json(200, { result: flags });
    if (url.startsWith('/api/v1/dashboard/favorite_status/'))
      return favoriteStatusFails
        ? json(500, { message: 'boom' })
        : json(200, { result: [{ id: 7, value: starred }] });
    if (url === '/api/v1/dashboard/7/favorites/') {
      if (favoriteToggleFails) return json(500, { message: 'boom' });
      starred = method === 'POST';
      return json(200, { result: 'OK' });
    }
    if (method === 'PUT' && url === '/api/v1/dashboard/7') return putAnswer();
    if (method === 'GET' && url === '/api/v1/dashboard/7')
      return json(200, {
        result: { ...TEST_DASHBOARD, dashboard_title: 'Stored', changed_on: '2024-05-02T10:00:00' },
      });
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderHeader(options: TestDashboardOptions = {}, language: 'en' | 'ru' = 'en') {
  return renderWithProviders(
    <TestDashboard {...options}>
      <DashboardHeader />
    </TestDashboard>,
    language,
    '/superset/dashboard/sales/',
  );
}

const puts = () => requests.filter((request) => request.method === 'PUT');

describe('DashboardHeader in view mode', () => {
  it('shows the title in the UI language, the certification and who changed it', async () => {
    renderHeader({}, 'ru');
    expect(await screen.findByRole('heading', { name: 'Продажи' })).toBeTruthy();
    expect(screen.getByText(/^Изменён .+, автор: Anna Ivanova$/)).toBeTruthy();
    expect(screen.getByLabelText('Сертифицирован')).toBeTruthy();
    cleanup();
    renderHeader({}, 'en');
    expect(await screen.findByRole('heading', { name: 'Sales' })).toBeTruthy();
    expect(screen.getByText(/^Modified .* by Anna Ivanova$/)).toBeTruthy();
  });

  it('is hidden when standalone is 2 or more', () => {
    const { container } = renderHeader({ standalone: 2 });
    expect(container.querySelector('header')).toBeNull();
  });

  it('stars and unstars the dashboard', async () => {
    renderHeader();
    const star = await screen.findByRole('button', { name: 'Add to favorites' });
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    fireEvent.click(star);
    await waitFor(() =>
      expect(requests.some((r) => r.method === 'POST' && r.url === '/api/v1/dashboard/7/favorites/')).toBe(
        true,
      ),
    );
    expect(await screen.findByRole('button', { name: 'Remove from favorites' })).toBeTruthy();
  });

  it('says when the favourite status cannot be read', async () => {
    favoriteStatusFails = true;
    renderHeader();
    expect(
      await screen.findByText('There was an issue fetching the favorite status of this dashboard.'),
    ).toBeTruthy();
  });

  it('says when the star cannot be changed, and stays as it was', async () => {
    favoriteToggleFails = true;
    renderHeader();
    const star = await screen.findByRole('button', { name: 'Add to favorites' });
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    fireEvent.click(star);
    expect(await screen.findByText('There was an issue favoriting this dashboard.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add to favorites' })).toBeTruthy();
  });

  it('publishes a draft for an editor', async () => {
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Draft' }));
    expect(await screen.findByText('This dashboard is now published')).toBeTruthy();
    expect(puts()[0]?.body).toEqual({ published: true });
  });

  it('refuses to publish for someone who may not edit, and offers no Edit button', async () => {
    renderHeader({ permissions: NO_PERMISSIONS });
    fireEvent.click(await screen.findByRole('button', { name: 'Draft' }));
    expect(await screen.findByText('You do not have permissions to edit this dashboard.')).toBeTruthy();
    expect(puts()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Edit dashboard' })).toBeNull();
  });

  it('enters edit mode from the Edit button', async () => {
    renderHeader();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    expect(await screen.findByRole('button', { name: 'Discard' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Undo the action' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Redo the action' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('DashboardHeader save', () => {
  const edited: TestDashboardOptions = { editing: true, session: { unsaved: true, title: 'Sales 2024' } };

  it('saves with the loaded changed_on and leaves edit mode', async () => {
    renderHeader(edited);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    const body = puts()[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      dashboard_title: 'Sales 2024',
      slug: 'sales',
      changed_on: '2024-05-01T10:00:00',
    });
    expect(body.roles).toBeUndefined();
    expect(await screen.findByRole('button', { name: 'Edit dashboard' })).toBeTruthy();
  });

  it('sends roles when role-based access is on', async () => {
    flags = { DASHBOARD_RBAC: true };
    renderHeader(edited);
    await waitFor(() => expect(requests.some((r) => r.url.startsWith('/api/v1/feature_flags/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toMatchObject({ roles: [] });
  });

  it('reports a forbidden save and a server message', async () => {
    putAnswer = () => json(403, { message: 'Forbidden' });
    renderHeader(edited);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to edit this dashboard')).toBeTruthy();
    putAnswer = () => json(422, { message: { slug: ['Must be unique'] } });
    // The button's loading icon fades out in an animation jsdom never finishes: match its text only.
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    expect(
      await screen.findByText('Sorry, there was an error saving this dashboard: slug: Must be unique'),
    ).toBeTruthy();
    putAnswer = () => json(500, null);
    fireEvent.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Sorry, an unknown error occurred')).toBeTruthy();
  });

  it('asks to confirm a stale save and overwrites without the check', async () => {
    putAnswer = () =>
      json(409, { message: 'Please confirm the overwrite values.', changed_on: 'x', diff: {} });
    renderHeader(edited);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const overwrite = await screen.findByRole('button', { name: 'Overwrite' });
    // The stored title differs from the one being saved.
    expect(screen.getByText('dashboard_title')).toBeTruthy();
    expect(screen.getByText('Stored')).toBeTruthy();
    putAnswer = () => json(200, { id: 7, result: {}, last_modified_time: 1714560000 });
    fireEvent.click(overwrite);
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    expect(puts()).toHaveLength(2);
    expect(puts()[1]?.body).not.toHaveProperty('changed_on');
  });
});

describe('DashboardHeader properties in edit mode', () => {
  async function applyProperties(slug: string, certifiedBy: string) {
    fireEvent.click(await screen.findByRole('button', { name: 'More dashboard actions' }));
    fireEvent.click(await screen.findByText('Edit properties'));
    fireEvent.change(await screen.findByLabelText('URL slug'), { target: { value: slug } });
    fireEvent.change(screen.getByLabelText('Certified by'), { target: { value: certifiedBy } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByLabelText('URL slug')).toBeNull());
  }

  it('are one undoable step of the session, and a save sends them', async () => {
    renderHeader({ editing: true });
    await applyProperties('sales-q2', '');
    expect(screen.queryByLabelText('Certified')).toBeNull();
    const undo = screen.getByRole('button', { name: 'Undo the action' });
    expect(undo.hasAttribute('disabled')).toBe(false);
    fireEvent.click(undo);
    expect(await screen.findByLabelText('Certified')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Redo the action' }));
    await waitFor(() => expect(screen.queryByLabelText('Certified')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This dashboard was saved successfully.')).toBeTruthy();
    expect(puts()[0]?.body).toMatchObject({
      slug: 'sales-q2',
      certified_by: null,
      certification_details: null,
    });
  });

  it('are dropped by a discard', async () => {
    renderHeader({ editing: true });
    await applyProperties('other', 'Finance');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit dashboard' }));
    fireEvent.click(await screen.findByRole('button', { name: 'More dashboard actions' }));
    fireEvent.click(await screen.findByText('Edit properties'));
    expect(((await screen.findByLabelText('URL slug')) as HTMLInputElement).value).toBe('sales');
    expect((screen.getByLabelText('Certified by') as HTMLInputElement).value).toBe('Data team');
  });
});
