// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../testing/providers.tsx';
import { AlertReportModal } from './AlertReportModal.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

let requests: RecordedRequest[];

beforeEach(() => {
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/database/'))
      return json(200, { count: 1, ids: [2], result: [{ id: 2, database_name: 'examples' }] });
    if (url.startsWith('/api/v1/dashboard/'))
      return json(200, {
        count: 1,
        ids: [7],
        result: [{ id: 7, dashboard_title: 'Sales', dashboard_title_ru: null }],
      });
    if (url.startsWith('/api/v1/chart/')) return json(200, { count: 0, ids: [], result: [] });
    if (method === 'POST' && url === '/api/v1/report/') return json(201, { id: 12, result: {} });
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function pick(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByText(option, { selector: '.ant-select-item-option-content' }));
}

describe('AlertReportModal', () => {
  it('requires an alert’s database, SQL and content', async () => {
    renderWithProviders(<AlertReportModal type="Alert" userId={5} onClose={() => {}} />);
    fireEvent.change(await screen.findByLabelText('Report name'), { target: { value: 'Low stock' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect((await screen.findAllByText('This field is required')).length).toBeGreaterThanOrEqual(3);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('creates an alert with its query, operator condition and grace period', async () => {
    const onClose = vi.fn();
    renderWithProviders(<AlertReportModal type="Alert" userId={5} onClose={onClose} />);
    fireEvent.change(await screen.findByLabelText('Report name'), { target: { value: 'Low stock' } });
    await pick('Database', 'examples');
    fireEvent.change(screen.getByLabelText('SQL query'), { target: { value: 'SELECT count(*) FROM stock' } });
    fireEvent.click(screen.getByLabelText('the value compares with a threshold'));
    fireEvent.change(await screen.findByLabelText('Threshold'), { target: { value: '10' } });
    await pick('Dashboard', 'Sales');
    fireEvent.change(screen.getByLabelText('Email recipients'), { target: { value: 'ops@x.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The report has been created')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
      type: 'Alert',
      name: 'Low stock',
      creation_method: 'alerts_reports',
      database: 2,
      sql: 'SELECT count(*) FROM stock',
      validator_type: 'operator',
      validator_config_json: { op: '>', threshold: 10 },
      grace_period: 14400,
      working_timeout: 3600,
      log_retention: 90,
      dashboard: 7,
      chart: null,
      owners: [5],
      recipients: [{ type: 'Email', recipient_config_json: { target: 'ops@x.com' } }],
    });
    expect(onClose).toHaveBeenCalled();
  });
});
