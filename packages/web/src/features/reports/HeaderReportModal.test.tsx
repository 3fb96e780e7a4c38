// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import type { DashboardChoice } from '@vitrina/common';
import { selectFilterConfig } from '@vitrina/common/reports/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../testing/providers.tsx';
import { HeaderReportModal } from './HeaderReportModal.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const STORED = {
  id: 11,
  type: 'Report',
  name: 'Sales every Monday',
  description: null,
  context_markdown: null,
  active: true,
  crontab: '0 12 * * 1',
  timezone: 'Europe/Moscow',
  creation_method: 'dashboards',
  report_format: 'PDF',
  chart: null,
  dashboard: { id: 7, dashboard_title: 'Sales' },
  database: null,
  sql: null,
  validator_type: null,
  validator_config_json: null,
  last_eval_dttm: null,
  last_state: null,
  last_value: null,
  last_value_row_json: null,
  log_retention: 90,
  grace_period: 14400,
  working_timeout: 3600,
  force_screenshot: false,
  custom_width: null,
  email_subject: null,
  extra: {},
  owners: [
    { id: 1, first_name: 'Anna', last_name: 'Ivanova' },
    { id: 3, first_name: 'Oleg', last_name: 'Petrov' },
  ],
  recipients: [{ id: 1, type: 'Email', recipient_config_json: '{"target": "a@x.com,b@y.com"}' }],
};

/** The dashboard the header belongs to: two tabs and a value filter on country. */
const DASHBOARD = {
  id: 7,
  dashboard_title: 'Sales',
  position_json: JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-t'] },
    'TABS-t': { id: 'TABS-t', type: 'TABS', children: ['TAB-a', 'TAB-b'], meta: {} },
    'TAB-a': { id: 'TAB-a', type: 'TAB', children: [], meta: { text: 'Revenue' } },
    'TAB-b': { id: 'TAB-b', type: 'TAB', children: [], meta: { text: 'Costs' } },
  }),
  json_metadata: JSON.stringify({
    native_filter_configuration: [selectFilterConfig('NATIVE_FILTER-c', 'Country', 'country')],
  }),
};

const STORED_EXTRA = {
  dashboard: {
    activeTabs: ['TAB-b'],
    nativeFilters: [
      {
        nativeFilterId: 'NATIVE_FILTER-c',
        filterType: 'filter_select',
        columnName: 'country',
        filterValues: ['FR'],
      },
    ],
  },
};

let stored: Record<string, unknown>;
let requests: RecordedRequest[];
let writeAnswer: () => Response;

beforeEach(() => {
  writeAnswer = () => json(201, { id: 12, result: {} });
  stored = STORED;
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (method === 'GET' && url === '/api/v1/report/11') return json(200, { id: 11, result: stored });
    if (method === 'GET' && url === '/api/v1/dashboard/7') return json(200, { id: 7, result: DASHBOARD });
    if (method === 'POST' || method === 'PUT') return writeAnswer();
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const writes = () => requests.filter((request) => request.method === 'POST' || request.method === 'PUT');

function renderModal(reportId?: number, viewed?: DashboardChoice) {
  const onClose = vi.fn();
  renderWithProviders(
    <HeaderReportModal
      target={{ kind: 'dashboard', id: 7 }}
      targetName="Sales"
      reportId={reportId}
      userId={1}
      userEmail="anna@x.com"
      viewed={viewed}
      onClose={onClose}
    />,
  );
  return onClose;
}

describe('HeaderReportModal', () => {
  it('checks the name, the schedule and the addresses before sending', async () => {
    renderModal(11);
    fireEvent.change(await screen.findByLabelText('Report name'), { target: { value: ' ' } });
    fireEvent.change(screen.getByLabelText('Crontab'), { target: { value: '0 9 * *' } });
    fireEvent.change(screen.getByLabelText('Email recipients'), {
      target: { value: 'anna@x.com, not-an-email' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(await screen.findByText(/^Not a valid schedule: Expected 5 fields/)).toBeTruthy();
    expect(await screen.findByText('Not valid e-mail addresses: not-an-email')).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it("creates the dashboard's report owned by the current user", async () => {
    const onClose = renderModal();
    expect(((await screen.findByLabelText('Report name')) as HTMLInputElement).value).toBe(
      'Weekly report for Sales',
    );
    // The preview says the default schedule in words.
    expect(screen.getByTestId('schedule-preview').textContent).toMatch(/^At 12:00 PM, only on Monday \(/);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Repeats' }));
    fireEvent.click(await screen.findByText('Every day'));
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '07:30' } });
    expect((screen.getByLabelText('Crontab') as HTMLInputElement).value).toBe('30 7 * * *');
    // A new report goes to its maker, as the server will insist.
    const recipients = screen.getByLabelText('Email recipients') as HTMLTextAreaElement;
    expect(recipients.value).toBe('anna@x.com');
    expect(recipients.readOnly).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The report has been created')).toBeTruthy();
    const [post] = writes();
    expect(post?.method).toBe('POST');
    expect(post?.url).toBe('/api/v1/report/');
    expect(post?.body).toMatchObject({
      type: 'Report',
      name: 'Weekly report for Sales',
      crontab: '30 7 * * *',
      timezone: expect.any(String),
      creation_method: 'dashboards',
      dashboard: 7,
      chart: null,
      report_format: 'PNG',
      active: true,
      owners: [1],
      recipients: [{ type: 'Email', recipient_config_json: { target: 'anna@x.com' } }],
    });
    expect(onClose).toHaveBeenCalled();
  });

  it("puts the server's field messages under the fields", async () => {
    writeAnswer = () =>
      json(422, { message: { name: ['A report named "Weekly report for Sales" already exists'] } });
    const onClose = renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Add' }));
    expect(await screen.findByText('A report named "Weekly report for Sales" already exists')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a stored report, keeping its owners', async () => {
    renderModal(11);
    expect(((await screen.findByLabelText('Report name')) as HTMLInputElement).value).toBe(
      'Sales every Monday',
    );
    expect((screen.getByLabelText('Email recipients') as HTMLTextAreaElement).value).toBe('a@x.com, b@y.com');
    writeAnswer = () => json(200, { id: 11, result: {} });
    fireEvent.change(screen.getByLabelText('Email recipients'), { target: { value: 'a@x.com c@z.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report updated')).toBeTruthy();
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.url).toBe('/api/v1/report/11');
    expect(writes()[0]?.body).toMatchObject({
      name: 'Sales every Monday',
      timezone: 'Europe/Moscow',
      report_format: 'PDF',
      owners: [1, 3],
      dashboard: 7,
      recipients: [{ type: 'Email', recipient_config_json: { target: 'a@x.com,c@z.org' } }],
    });
  });

  it('sends the tabs a new picture shows, and no filter value when none is chosen', async () => {
    renderModal();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Tabs' }));
    fireEvent.click(await screen.findByText('Revenue'));
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The report has been created')).toBeTruthy();
    expect(writes()[0]?.body).toMatchObject({ extra: { dashboard: { activeTabs: ['TAB-a'] } } });
  });

  it("shows a stored report's tabs and filter values and keeps them on save", async () => {
    stored = { ...STORED, extra: STORED_EXTRA };
    renderModal(11);
    expect(await screen.findByText('Costs')).toBeTruthy();
    expect(screen.getByText('FR')).toBeTruthy();
    expect(screen.getByLabelText('Filter: Country')).toBeTruthy();
    writeAnswer = () => json(200, { id: 11, result: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Report updated')).toBeTruthy();
    expect(writes()[0]?.body).toMatchObject({ extra: STORED_EXTRA });
  });

  it('starts a new report from the tab and filter values the dashboard shows, and saves them', async () => {
    renderModal(undefined, { tabs: ['TAB-b'], filterValues: { 'NATIVE_FILTER-c': ['FR'] } });
    expect(await screen.findByText('Costs')).toBeTruthy();
    expect(screen.getByText('FR')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The report has been created')).toBeTruthy();
    expect(writes()[0]?.body).toMatchObject({ extra: STORED_EXTRA });
  });

  it("keeps a stored report's own tabs and values, whatever the dashboard shows", async () => {
    stored = { ...STORED, extra: STORED_EXTRA };
    renderModal(11, { tabs: ['TAB-a'], filterValues: { 'NATIVE_FILTER-c': ['DE'] } });
    expect(await screen.findByText('Costs')).toBeTruthy();
    expect(screen.getByText('FR')).toBeTruthy();
    expect(screen.queryByText('DE')).toBeNull();
    expect(screen.queryByText('Revenue')).toBeNull();
  });
});
