// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  type RecordedRequest,
  renderWithProviders,
  stubFetch,
  stubLayoutApis,
} from '../../testing/providers.tsx';
import { REPORT_MENU_KEYS, useReportMenu } from './useReportMenu.tsx';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

const ATTACHED = { id: 11, name: 'Sales weekly', active: true };

let requests: RecordedRequest[];
let attached: () => Response;
let putFails: boolean;

beforeEach(() => {
  putFails = false;
  attached = () => json(200, { count: 1, ids: [11], result: [ATTACHED] });
  stubLayoutApis();
  requests = stubFetch((method, url) => {
    if (url.startsWith('/api/v1/security/csrf_token/')) return json(200, { result: 'token' });
    if (url.startsWith('/api/v1/feature_flags/')) return json(200, { result: { ALERT_REPORTS: true } });
    if (url.startsWith('/api/v1/me/'))
      return json(200, { result: { id: 5, first_name: 'Anna', last_name: 'I' } });
    if (method === 'GET' && url.startsWith('/api/v1/report/?q=')) return attached();
    if (method === 'PUT')
      return putFails ? json(500, { message: 'boom' }) : json(200, { id: 11, result: {} });
    if (method === 'DELETE') return json(200, { message: 'OK' });
    if (method === 'POST' && url === '/api/v1/report/11/send_now/')
      return json(200, { result: { state: 'Success', error_message: null } });
    return json(404, { message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The submenu's entries as plain buttons, so the test clicks them without antd's dropdown. */
function Harness() {
  const menu = useReportMenu({ kind: 'dashboard', id: 7 }, 'Sales');
  const item = menu.item as { label: string; children: Array<{ key: string; label: unknown }> } | null;
  return (
    <>
      {item && <h2>{item.label}</h2>}
      {item?.children.map((child) => (
        <button key={child.key} type="button" onClick={() => menu.onClick(child.key)}>
          {child.key}
        </button>
      ))}
      {menu.modals}
    </>
  );
}

describe('useReportMenu', () => {
  it("asks for the current user's report on this dashboard, made from its header", async () => {
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('heading', { name: 'Manage email reports' })).toBeTruthy();
    const list = requests.find((request) => request.url.startsWith('/api/v1/report/?q='));
    expect(list?.url).toContain(
      'filters:!((col:dashboard_id,opr:eq,value:7),(col:creation_method,opr:eq,value:dashboards),(col:created_by,opr:rel_o_m,value:5))',
    );
    expect(screen.getByRole('button', { name: REPORT_MENU_KEYS.edit })).toBeTruthy();
  });

  it('offers to set one up when there is none', async () => {
    attached = () => json(200, { count: 0, ids: [], result: [] });
    renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: REPORT_MENU_KEYS.setUp }));
    expect(await screen.findByText('Schedule a new email report')).toBeTruthy();
  });

  it('says when the reports cannot be fetched', async () => {
    attached = () => json(500, { message: 'boom' });
    renderWithProviders(<Harness />);
    expect(
      await screen.findByText('There was an issue fetching reports attached to this dashboard.'),
    ).toBeTruthy();
  });

  it('switches the report off, with the spec toast when that fails', async () => {
    putFails = true;
    renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: REPORT_MENU_KEYS.toggle }));
    expect(await screen.findByText('We were unable to active or deactivate this report.')).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ active: false });
  });

  it('sends the report to me now', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: REPORT_MENU_KEYS.sendNow }));
    expect(await screen.findByText('The report has been sent to your e-mail address')).toBeTruthy();
  });

  it('deletes the report after asking', async () => {
    renderWithProviders(<Harness />);
    fireEvent.click(await screen.findByRole('button', { name: REPORT_MENU_KEYS.delete }));
    expect(await screen.findByText('This action will permanently delete Sales weekly.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted: Sales weekly')).toBeTruthy();
    await waitFor(() =>
      expect(
        requests.some((request) => request.method === 'DELETE' && request.url === '/api/v1/report/11'),
      ).toBe(true),
    );
  });
});
