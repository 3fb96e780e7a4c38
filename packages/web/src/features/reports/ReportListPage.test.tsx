// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, within } from '@testing-library/react';
import type { ReportListItem } from '@vitrina/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../testing/providers.tsx';
import { ReportListPage } from './ReportListPage.tsx';

// antd's table is slow to render in jsdom on a busy machine: allow for it.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const ANNA = { id: 1, first_name: 'Anna', last_name: 'Ivanova' };

const REPORT: ReportListItem = {
  id: 11,
  name: 'Daily sales',
  type: 'Report',
  description: null,
  active: true,
  crontab: '0 9 * * *',
  crontab_humanized: 'At 09:00 AM',
  timezone: 'UTC',
  creation_method: 'dashboards',
  chart_id: null,
  dashboard_id: 7,
  last_eval_dttm: '2024-05-05T09:00:02',
  last_state: 'Error',
  extra: {},
  recipients: [{ id: 1, type: 'Email' }],
  owners: [ANNA],
  created_by: ANNA,
  created_on: '2024-05-01T10:00:00',
  changed_by: ANNA,
  changed_on: new Date(Date.now() - 5 * 86_400_000).toISOString(),
  changed_on_delta_humanized: '5 days ago',
};

const LOGS = [
  {
    id: 2,
    uuid: 'b',
    scheduled_dttm: '2024-05-05T09:00:00',
    start_dttm: '2024-05-05T09:00:01',
    end_dttm: '2024-05-05T09:00:02',
    value: null,
    value_row_json: null,
    state: 'Error',
    error_message: 'SMTP refused the message',
  },
];

/** A run whose error the server recorded with a code, its database's own text as the detail. */
const CODED_LOGS = [
  {
    ...LOGS[0],
    error_message: 'The alert’s query failed: Catalog Error: Table with name nope does not exist!',
    error_code: 'alert_query_failed',
    error_params_json: JSON.stringify({
      params: {},
      detail: 'Catalog Error: Table with name nope does not exist!',
    }),
  },
];

let logs: readonly object[];
let requests: RecordedRequest[];
let putFails: boolean;
let deleteFails: boolean;
let sendNowResult: {
  state: 'Success' | 'Error';
  error_message: string | null;
  error_code?: string | null;
  error_params_json?: string | null;
};

beforeEach(() => {
  logs = LOGS;
  putFails = false;
  deleteFails = false;
  sendNowResult = { state: 'Success', error_message: null };
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/me/')) return json(200, { result: { ...ANNA, username: 'anna' } });
    if (url.startsWith('/api/v1/report/related/'))
      return json(200, { count: 1, result: [{ value: 1, text: 'Anna Ivanova' }] });
    if (url.startsWith('/api/v1/report/11/log/')) return json(200, { count: 1, ids: [2], result: logs });
    if (method === 'POST' && url === '/api/v1/report/11/send_now/')
      return json(200, { result: sendNowResult });
    if (method === 'PUT' && url === '/api/v1/report/11')
      return putFails ? json(500, { message: 'boom' }) : json(200, { id: 11, result: { active: false } });
    if (method === 'DELETE' && url === '/api/v1/report/11')
      return deleteFails ? json(500, { message: 'boom' }) : json(200, { message: 'OK' });
    if (method === 'GET' && url.startsWith('/api/v1/report/?q=')) {
      return url.includes('value:Alert')
        ? json(200, { count: 0, ids: [], result: [] })
        : json(200, { count: 1, ids: [11], result: [REPORT] });
    }
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const row = async () => (await screen.findByText('Daily sales')).closest('tr') as HTMLElement;

describe('ReportListPage', () => {
  it('lists the reports tab with state, humanised schedule, method and owners', async () => {
    renderWithProviders(<ReportListPage />);
    const line = within(await row());
    expect(line.getByText('Error')).toBeTruthy();
    expect(line.getByText('At 09:00 AM (UTC)')).toBeTruthy();
    expect(line.getByText(/Email/)).toBeTruthy();
    expect(line.getByText('Anna Ivanova')).toBeTruthy();
    expect(line.getByText('5 days ago')).toBeTruthy();
    const list = requests.find((request) => request.url.startsWith('/api/v1/report/?q='));
    expect(list?.url).toContain('(col:type,opr:eq,value:Report)');
  });

  it('shows the schedule in Russian in a Russian UI', async () => {
    renderWithProviders(<ReportListPage />, 'ru');
    expect(await screen.findByText('В 09:00 (UTC)')).toBeTruthy();
    expect(screen.getByText('Ошибка')).toBeTruthy();
  });

  it('switches a report off, and says so when the server refuses', async () => {
    putFails = true;
    renderWithProviders(<ReportListPage />);
    await row();
    fireEvent.click(screen.getByRole('switch', { name: 'Active: Daily sales' }));
    expect(await screen.findByText('We were unable to active or deactivate this report.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ active: false });
  });

  it('deletes a report with the spec toasts', async () => {
    renderWithProviders(<ReportListPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted: Daily sales')).toBeTruthy();
    expect(
      requests.some((request) => request.method === 'DELETE' && request.url === '/api/v1/report/11'),
    ).toBe(true);
  });

  it('says when a report could not be deleted', async () => {
    deleteFails = true;
    renderWithProviders(<ReportListPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('tooltip');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your report could not be deleted')).toBeTruthy();
  });

  it('opens the run history with why it did not send', async () => {
    renderWithProviders(<ReportListPage />);
    fireEvent.click(await screen.findByText('Daily sales'));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Run history: Daily sales')).toBeTruthy();
    const summary = await within(drawer).findByTestId('delivery-summary');
    expect(summary.textContent).toContain('The last run failed at');
    expect(summary.textContent).toContain('SMTP refused the message');
    expect(summary.textContent).toMatch(/Next run: .+ \(UTC\)/);
    expect(within(drawer).getAllByText('SMTP refused the message').length).toBeGreaterThan(0);
  });

  it('shows a coded run error in the UI’s language, with the database’s own text as its detail', async () => {
    logs = CODED_LOGS;
    renderWithProviders(<ReportListPage />, 'ru');
    fireEvent.click(await screen.findByText('Daily sales'));
    const drawer = await screen.findByRole('dialog');
    const summary = await within(drawer).findByTestId('delivery-summary');
    expect(summary.textContent).toContain(
      'Запрос оповещения завершился ошибкой: Catalog Error: Table with name nope does not exist!',
    );
    expect(within(drawer).getByText('Запрос оповещения завершился ошибкой')).toBeTruthy();
    expect(within(drawer).getByText('Catalog Error: Table with name nope does not exist!')).toBeTruthy();
    expect(within(drawer).queryByText(/The alert’s query failed/)).toBeNull();
  });

  it('says why a send now failed in the UI’s language', async () => {
    sendNowResult = {
      state: 'Error',
      error_message: 'No mail server is configured (SMTP_URL)',
      error_code: 'no_mail_server',
      error_params_json: '{"params":{}}',
    };
    renderWithProviders(<ReportListPage />, 'ru');
    fireEvent.click(within(await row()).getByRole('button', { name: 'Отправить мне сейчас' }));
    expect(await screen.findByText(/Почтовый сервер не настроен \(SMTP_URL\)/)).toBeTruthy();
  });

  it('sends a report to me now from its row, and says so', async () => {
    renderWithProviders(<ReportListPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Send now to me' }));
    expect(await screen.findByText('The report has been sent to your e-mail address')).toBeTruthy();
    expect(requests.filter((request) => request.url === '/api/v1/report/11/send_now/')).toHaveLength(1);
  });

  it('sends from the run history, shows the reason it failed and refreshes the history', async () => {
    sendNowResult = { state: 'Error', error_message: 'No mail server is configured (SMTP_URL)' };
    renderWithProviders(<ReportListPage />);
    fireEvent.click(await screen.findByText('Daily sales'));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findAllByText('SMTP refused the message');
    const logReads = () =>
      requests.filter((request) => request.url.startsWith('/api/v1/report/11/log/')).length;
    const before = logReads();
    fireEvent.click(within(drawer).getByRole('button', { name: /Send now to me/ }));
    expect(
      await screen.findByText('The report could not be sent: No mail server is configured (SMTP_URL)'),
    ).toBeTruthy();
    await vi.waitFor(() => expect(logReads()).toBeGreaterThan(before));
  });

  it('shows the empty state of the alerts tab', async () => {
    renderWithProviders(<ReportListPage />);
    await row();
    fireEvent.click(screen.getByRole('tab', { name: 'Alerts' }));
    expect(await screen.findByText('No alerts yet')).toBeTruthy();
    expect(requests.some((request) => request.url.includes('(col:type,opr:eq,value:Alert)'))).toBe(true);
  });
});
