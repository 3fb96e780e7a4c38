// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../app/i18n/i18n.ts';
import { ToastProvider } from '../../../components/toast/index.ts';
import { OnboardingEntryPoint } from './OnboardingEntryPoint.tsx';
import { ONBOARDING_LOCAL_STORAGE_KEY, startOnboardingByUser } from './onboardingStorage.ts';

// antd's modal is slow to render in jsdom on a busy machine: allow for it.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

interface Record_ {
  is_onboarding_finished: boolean;
  onboarding_started_time: string | null;
  dodo_role: string | null;
}

let record: Record_;
let teamName: string | null;
let myRequests: Array<{ id: number; state: 'open' | 'approved' | 'declined' }>;
let requests: Array<{ method: string; url: string; body: unknown }>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function answer(method: string, url: string, body: unknown): Response {
  if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
  if (url.startsWith('/api/v1/onboarding/') && method === 'GET')
    return json(200, {
      result: {
        id: 1,
        first_name: 'Ivan',
        last_name: 'Ivanov',
        email: 'ivan@example.com',
        preferred_language: 'en',
        ...record,
      },
    });
  if (url.startsWith('/api/v1/onboarding/') && method === 'PUT') {
    record = {
      ...record,
      dodo_role: (body as { dodo_role: string }).dodo_role,
      onboarding_started_time: '2026-11-24T03:00:00',
    };
    return json(200, {
      result: { dodo_role: record.dodo_role, onboarding_started_time: record.onboarding_started_time },
    });
  }
  if (url.startsWith('/api/v1/statement/') && method === 'POST') {
    record = { ...record, is_onboarding_finished: true };
    return json(201, { id: 9, result: { is_onboarding_finished: true } });
  }
  if (url.startsWith('/api/v1/team/')) return json(200, { count: 0, ids: [], result: [] });
  if (url.startsWith('/api/v1/me/statements'))
    return json(200, {
      result: {
        statements: myRequests.map((request) => ({ ...request, finished: request.state !== 'open' })),
      },
    });
  if (url.startsWith('/api/v1/me/team'))
    return json(200, {
      result: {
        id: 1,
        email: 'ivan@example.com',
        first_name: 'Ivan',
        last_name: 'Ivanov',
        team: teamName,
        team_slug: null,
      },
    });
  return json(404, { message: 'Not found' });
}

beforeEach(() => {
  window.localStorage.clear();
  record = { is_onboarding_finished: false, onboarding_started_time: null, dodo_role: null };
  teamName = null;
  myRequests = [];
  requests = [];
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: false,
        media: query,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ method, url: decodeURIComponent(url), body });
      return answer(method, url, body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEntryPoint(language: 'en' | 'ru' = 'en') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={createI18n(language)}>
        <ToastProvider>
          <MemoryRouter>
            <OnboardingEntryPoint />
          </MemoryRouter>
        </ToastProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const roleField = () => screen.getByLabelText('Role in Dodo Brands');

describe('the onboarding modal', () => {
  it('stays closed until the person starts onboarding from the menu', async () => {
    renderEntryPoint();
    await waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/api/v1/onboarding/'))).toBe(true),
    );
    expect(screen.queryByText('You are welcome to Superset')).toBeNull();
    act(() => startOnboardingByUser());
    expect(await screen.findByText('Tell us more about yourself')).toBeTruthy();
    expect(screen.getByText('You are welcome to Superset')).toBeTruthy();
    expect((screen.getByDisplayValue('ivan@example.com') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('img', { name: 'A person filling in their profile' })).toBeTruthy();
  });

  it('checks the role in Dodo Brands, refuses other characters and saves it to reach step 2', async () => {
    startOnboardingByUser();
    renderEntryPoint();
    await screen.findByText('Tell us more about yourself');
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Please input your role in Dodo Brands!')).toBeTruthy();
    fireEvent.change(roleField(), { target: { value: 'a!b' } });
    expect((roleField() as HTMLInputElement).value).toBe('ab');
    expect(await screen.findByText('Minimum 3 characters')).toBeTruthy();
    fireEvent.change(roleField(), { target: { value: 'x'.repeat(31) } });
    expect(await screen.findByText('Maximum 30 characters')).toBeTruthy();
    fireEvent.change(roleField(), { target: { value: 'Аналитик данных' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next step' }));
    expect(await screen.findByText('Tell us why you are here')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      dodo_role: 'Аналитик данных',
    });
  });

  it('finishes step 2 with a new franchisee team and confirms with step 3', async () => {
    record.onboarding_started_time = '2026-11-24T03:00:00';
    startOnboardingByUser();
    renderEntryPoint();
    await screen.findByText('Tell us why you are here');
    expect(screen.getByRole('img', { name: 'A team choosing what to work on' })).toBeTruthy();
    const finish = () => screen.getByRole('button', { name: 'Finish onboarding' }) as HTMLButtonElement;
    const createData = () =>
      screen.getByRole('checkbox', { name: /Create datasets and use SQL Lab/ }) as HTMLInputElement;
    const readonly = () => screen.getByRole('checkbox', { name: /^readonly/ }) as HTMLInputElement;
    expect(finish().disabled).toBe(true);
    expect(readonly().disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'ivanov ivan' } });
    expect(await screen.findByText('FRANCHISEE IVANOV IVAN')).toBeTruthy();
    expect(
      screen.getByText(/is a new team, so Superset admins will have to evaluate this request/).textContent,
    ).toContain('FRANCHISEE IVANOV IVAN (fr_ivanov_ivan)');
    expect(createData().disabled).toBe(true);
    expect(finish().disabled).toBe(true);
    fireEvent.click(readonly());
    expect(screen.getByTestId('onboarding-roles').textContent).toBe('readonly');
    expect(finish().disabled).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: 'Managing Company' }));
    expect(screen.getByTestId('onboarding-team-tag').textContent).toBe('no team');
    expect(screen.getByTestId('onboarding-roles').textContent).toBe('');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'data' } });
    await waitFor(() => expect(createData().disabled).toBe(false));
    fireEvent.click(createData());
    fireEvent.click(finish());
    expect(await screen.findByText('You request created')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      is_new_team: true,
      is_external: false,
      team: 'DATA',
      team_slug: 'data',
      request_roles: ['Create data'],
    });
    expect(screen.getByRole('link', { name: 'profile' }).getAttribute('href')).toBe('/users/userinfo/');
    // Filing the request ends the menu's start: the next page load shows nothing.
    expect(Object.keys(JSON.parse(window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY)!))).toEqual([
      'theTimeOfTheLastShow',
    ]);
  });

  it('stores the close time and hides when closed', async () => {
    startOnboardingByUser();
    renderEntryPoint();
    await screen.findByText('Tell us more about yourself');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Tell us more about yourself')).toBeNull());
    const stored = JSON.parse(window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY)!);
    expect(Object.keys(stored)).toEqual(['theTimeOfTheLastShow']);
  });

  it('shows a finished person without a team their waiting request, or step 2 to ask again', async () => {
    record = {
      is_onboarding_finished: true,
      onboarding_started_time: '2026-11-24T03:00:00',
      dodo_role: 'Cook',
    };
    myRequests = [{ id: 3, state: 'open' }];
    startOnboardingByUser();
    const first = renderEntryPoint();
    expect(await screen.findByText('You request created')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('You request created')).toBeNull());
    expect(Object.keys(JSON.parse(window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY)!))).toEqual([
      'theTimeOfTheLastShow',
    ]);
    first.unmount();

    myRequests = [{ id: 3, state: 'declined' }];
    startOnboardingByUser();
    renderEntryPoint();
    expect(await screen.findByText('Tell us why you are here')).toBeTruthy();
  });

  it('shows nothing to a finished person who has a team', async () => {
    record = {
      is_onboarding_finished: true,
      onboarding_started_time: '2026-11-24T03:00:00',
      dodo_role: 'Cook',
    };
    teamName = 'DATA';
    startOnboardingByUser();
    renderEntryPoint();
    await waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/api/v1/me/team'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('You are welcome to Superset')).toBeNull();
  });

  it('speaks Russian when the interface does', async () => {
    startOnboardingByUser();
    renderEntryPoint('ru');
    expect(await screen.findByText('Добро пожаловать в Superset')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Следующий шаг' }));
    expect(await screen.findByText('Пожалуйста, укажите свою роль в Dodo Brands!')).toBeTruthy();
  });

  it('never shows on an embedded page', async () => {
    startOnboardingByUser();
    window.history.pushState({}, '', '/superset/dashboard/1/?standalone=1');
    renderEntryPoint();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('You are welcome to Superset')).toBeNull();
    expect(requests).toEqual([]);
    window.history.pushState({}, '', '/');
  });
});
