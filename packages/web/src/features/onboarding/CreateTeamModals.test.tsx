// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../components/toast/index.ts';
import { testI18n } from '../../testing/i18n.ts';
import { stubLayoutApis } from '../../testing/providers.tsx';
import { CreateTeamModals } from './CreateTeamModals.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { EditTeamModal } from './EditTeamModal.tsx';

// antd's modals are slow to render in jsdom on a busy machine: allow for it.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

let requests: Array<{ method: string; url: string; body: unknown }>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

beforeEach(() => {
  requests = [];
  stubLayoutApis();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url, body });
      if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
      if (url.startsWith('/api/v1/team/') && method === 'POST')
        return json(201, { id: 5, result: { id: 5, ...body, roles: [], participants: [] } });
      if (url.startsWith('/api/v1/statement/7') && method === 'PUT') return json(200, { id: 7, result: {} });
      if (url.startsWith('/api/v1/team/5') && method === 'PUT')
        return json(200, { id: 5, result: { id: 5, slug: 'fr_ivanov', is_external: true, ...body } });
      return json(404, { message: 'Not found' });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithProviders(children: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={testI18n('en')}>
        <ToastProvider>{children}</ToastProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('creating a team', () => {
  it('derives the full name and slug, checks the length, confirms and creates', async () => {
    const onCreated = vi.fn();
    renderWithProviders(
      <CreateTeamModals
        fromRequest
        start={{ isExternal: true, typed: 'IV', roles: ['readonly', 'Admin'] }}
        onCreated={onCreated}
        onClose={() => {}}
      />,
    );
    const name = await screen.findByLabelText('Team Name');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Too short')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'ivanov ivan!' } });
    expect((name as HTMLInputElement).value).toBe('IV');
    fireEvent.change(name, { target: { value: 'ivanov ivan' } });
    expect((name as HTMLInputElement).value).toBe('IVANOV IVAN');
    await waitFor(() =>
      expect((screen.getByLabelText('Full Team Name') as HTMLInputElement).value).toBe(
        'FRANCHISEE IVANOV IVAN',
      ),
    );
    expect((screen.getByLabelText('slug') as HTMLInputElement).value).toBe('fr_ivanov_ivan');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('User will update is on the next step')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'FRANCHISEE IVANOV IVAN',
      slug: 'fr_ivanov_ivan',
      is_external: true,
      roles: ['readonly'],
    });
    expect(await screen.findByText('Team has been created successfully.')).toBeTruthy();
  });
});

describe('editing a team', () => {
  it('renames it keeping the franchisee prefix and slug, and replaces its roles', async () => {
    const onClose = vi.fn();
    renderWithProviders(
      <EditTeamModal
        team={{
          id: 5,
          name: 'FRANCHISEE IVANOV',
          slug: 'fr_ivanov',
          is_external: true,
          roles: [{ id: 1, name: 'readonly' }],
          participants: [],
        }}
        onClose={onClose}
      />,
    );
    const name = (await screen.findByLabelText('Team Name')) as HTMLInputElement;
    expect(name.value).toBe('IVANOV');
    expect(screen.getByText(/The slug stays fr_ivanov/)).toBeTruthy();
    fireEvent.change(name, { target: { value: 'pe' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too short')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'petrov' } });
    await waitFor(() =>
      expect((screen.getByLabelText('Full Team Name') as HTMLInputElement).value).toBe('FRANCHISEE PETROV'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((request) => request.method === 'PUT')).toMatchObject({
      url: '/api/v1/team/5',
      body: { name: 'FRANCHISEE PETROV', roles: ['readonly'] },
    });
    expect(await screen.findByText('Team has been updated successfully.')).toBeTruthy();
  });
});

describe('declining a request', () => {
  it('needs a comment and sends it', async () => {
    const onClose = vi.fn();
    renderWithProviders(<DeclineModal requestId={7} onClose={onClose} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('Please explain why the request is declined')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Comment for the requester'), {
      target: { value: ' Not needed ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      is_approved: false,
      decision_comment: 'Not needed',
    });
  });
});
