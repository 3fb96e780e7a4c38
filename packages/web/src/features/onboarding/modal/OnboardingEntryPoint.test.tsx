// @vitest-environment jsdom
import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../../testing/providers.tsx';
import { OnboardingEntryPoint } from './OnboardingEntryPoint.tsx';
import { ONBOARDING_LOCAL_STORAGE_KEY, startOnboardingByUser } from './onboardingStorage.ts';

// antd's modal is slow to render in jsdom on a busy machine: allow for it.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

interface Record_ {
  is_onboarding_finished: boolean;
  onboarding_started_time: string | null;
  dodo_role: string | null;
  open_by_itself: boolean;
}

let record: Record_;
let teamName: string | null;
let myRequests: Array<{ id: number; state: 'open' | 'approved' | 'declined' }>;
let teams: Array<Record<string, unknown>>;
let requests: RecordedRequest[];

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
    record = { ...record, is_onboarding_finished: true, open_by_itself: false };
    const joined = !(body as { is_new_team: boolean }).is_new_team;
    return json(201, {
      id: 9,
      result: { is_onboarding_finished: true, state: joined ? 'approved' : 'open' },
    });
  }
  if (url.startsWith('/api/v1/team/')) return json(200, { count: teams.length, ids: [], result: teams });
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
  record = {
    is_onboarding_finished: false,
    onboarding_started_time: null,
    dodo_role: null,
    open_by_itself: false,
  };
  teamName = null;
  teams = [];
  myRequests = [];
  stubLayoutApis();
  requests = stubFetch(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEntryPoint(language: 'en' | 'ru' = 'en') {
  return renderWithProviders(<OnboardingEntryPoint />, language);
}

const roleField = () => screen.getByLabelText('Role in Dodo Brands');

describe('the onboarding modal', () => {
  it('stays closed until the person starts onboarding from the menu', async () => {
    renderEntryPoint();
    await waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/api/v1/onboarding/'))).toBe(true),
    );
    expect(screen.queryByText('You are welcome to Vitrina')).toBeNull();
    act(() => startOnboardingByUser());
    expect(await screen.findByText('Tell us more about yourself')).toBeTruthy();
    expect(screen.getByText('You are welcome to Vitrina')).toBeTruthy();
    expect((screen.getByDisplayValue('ivan@example.com') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('img', { name: 'A person filling in their profile' })).toBeTruthy();
  });

  it('opens by itself for a newcomer, until they close it', async () => {
    record.open_by_itself = true;
    const first = renderEntryPoint();
    expect(await screen.findByText('Tell us more about yourself')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Tell us more about yourself')).toBeNull());
    first.unmount();
    renderEntryPoint();
    await waitFor(() =>
      expect(requests.filter((request) => request.url.startsWith('/api/v1/onboarding/'))).toHaveLength(2),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Tell us more about yourself')).toBeNull();
  });

  it('joins an existing team at once and says so, with the way to its dashboards', async () => {
    record = { ...record, onboarding_started_time: '2026-11-24T03:00:00', open_by_itself: true };
    teams = [
      {
        id: 4,
        name: 'FRANCHISEE PIZZA ONE',
        slug: 'fr_pizza_one',
        is_external: true,
        roles: [
          { id: 1, name: 'readonly' },
          { id: 2, name: 'Vizualize data' },
        ],
        member_count: 3,
      },
    ];
    renderEntryPoint();
    await screen.findByText('Tell us why you are here');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'pizza' } });
    fireEvent.click(
      await screen.findByText('FRANCHISEE PIZZA ONE', { selector: '.ant-select-item-option-content' }),
    );
    expect(await screen.findByText(/is a known team, so you join it at once, with its roles/)).toBeTruthy();
    expect(screen.getByTestId('onboarding-roles').textContent).toBe('readonly, Visualize data');
    fireEvent.click(screen.getByRole('button', { name: 'Finish onboarding' }));
    expect(await screen.findByText('You joined FRANCHISEE PIZZA ONE')).toBeTruthy();
    expect(screen.getByText(/The team's roles are yours now: readonly, Visualize data/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open dashboards' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      is_new_team: false,
      team_slug: 'fr_pizza_one',
    });
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
      screen.getByText(/is a new team, so Vitrina admins will have to evaluate this request/).textContent,
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
    expect(await screen.findByText('Your request was created')).toBeTruthy();
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
      'closedFor',
    ]);
  });

  it('stores the close time and hides when closed', async () => {
    startOnboardingByUser();
    renderEntryPoint();
    await screen.findByText('Tell us more about yourself');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Tell us more about yourself')).toBeNull());
    const stored = JSON.parse(window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY)!);
    expect(stored).toEqual({ theTimeOfTheLastShow: expect.any(String), closedFor: 1 });
  });

  it('shows a finished person without a team their waiting request, or step 2 to ask again', async () => {
    record = {
      is_onboarding_finished: true,
      onboarding_started_time: '2026-11-24T03:00:00',
      dodo_role: 'Cook',
      open_by_itself: false,
    };
    myRequests = [{ id: 3, state: 'open' }];
    startOnboardingByUser();
    const first = renderEntryPoint();
    expect(await screen.findByText('Your request was created')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Your request was created')).toBeNull());
    expect(Object.keys(JSON.parse(window.localStorage.getItem(ONBOARDING_LOCAL_STORAGE_KEY)!))).toEqual([
      'theTimeOfTheLastShow',
      'closedFor',
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
      open_by_itself: false,
    };
    teamName = 'DATA';
    startOnboardingByUser();
    renderEntryPoint();
    await waitFor(() =>
      expect(requests.some((request) => request.url.startsWith('/api/v1/me/team'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('You are welcome to Vitrina')).toBeNull();
  });

  it('speaks Russian when the interface does', async () => {
    startOnboardingByUser();
    renderEntryPoint('ru');
    expect(await screen.findByText('Добро пожаловать в Витрину')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Следующий шаг' }));
    expect(await screen.findByText('Пожалуйста, укажите свою роль в Dodo Brands!')).toBeTruthy();
  });

  it('never shows on an embedded page', async () => {
    startOnboardingByUser();
    window.history.pushState({}, '', '/superset/dashboard/1/?standalone=1');
    renderEntryPoint();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('You are welcome to Vitrina')).toBeNull();
    expect(requests).toEqual([]);
    window.history.pushState({}, '', '/');
  });
});
