import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../../flows/reports/testMailSink.ts';
import { createRole } from '../../testing/fixtures.ts';
import { createTestApp, type Headers, type TestApp } from '../../testing/testApp.ts';
import { requester } from '../charts/testFixtures.ts';
import { buildReportsWorld, created, type ReportsWorld, reportBody, URL } from './testWorld.ts';

/** `POST /api/v1/report/{id}/send_now/`: the schedule's content mailed to the caller only, and logged. */

function useApp(smtp: boolean) {
  const state: { harness?: TestApp; sink?: MailSink; w?: ReportsWorld; reader?: Headers } = {};
  beforeAll(async () => {
    state.sink = await startMailSink();
    state.harness = await createTestApp({
      config: { smtpUrl: smtp ? state.sink.url : null, smtpFrom: 'reports@vitrina.test' },
    });
    const request = requester(() => state.harness!);
    state.w = await buildReportsWorld(state.harness, request);
    await createRole(state.harness, 'report_reader', [['can_read', 'ReportSchedule']]);
    await state.harness.createUser({
      username: 'rep_reader',
      roles: ['Gamma', 'orders_reader', 'report_reader'],
    });
    state.reader = await state.harness.bearer('rep_reader', 'password123');
  });
  afterAll(async () => {
    await state.harness?.close();
    await state.sink?.close();
  });
  return state as Required<typeof state>;
}

const sendNow = (id: number) => `${URL}${id}/send_now/`;

describe('send now, with a mail server', () => {
  const app = useApp(true);
  const request = requester(() => app.harness);

  it('mails the report to the caller only, answers Success and logs the run', async () => {
    const { w, sink } = app;
    const id = await created(request, w.writer, {
      ...reportBody('Orders now', w.ordersChart),
      report_format: 'CSV',
    });
    const response = await request('POST', sendNow(id), w.writer);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      result: { state: 'Success', error_message: null, error_code: null, error_params_json: null },
    });
    const mails = sink.mails.filter((mail) => mail.to.includes('rep_writer@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.attachments.map((file) => file.fileName)).toEqual(['Orders by city.csv']);
    expect(sink.mails.some((mail) => mail.to.includes('team@example.com'))).toBe(false);
    const logs = await request('GET', `${URL}${id}/log/`, w.writer);
    expect(logs.body.result.map((log: { state: string }) => log.state)).toEqual(['Success']);
  });

  it('answers Error when the caller has no address, and logs it', async () => {
    const { w } = app;
    const id = await created(request, w.noEmail, reportBody('Nowhere to send it', w.ordersChart));
    const response = await request('POST', sendNow(id), w.noEmail);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: {
        state: 'Error',
        error_message: 'You have no e-mail address to send the report to',
        error_code: 'caller_no_email',
        error_params_json: '{"params":{}}',
      },
    });
    const logs = await request('GET', `${URL}${id}/log/`, w.noEmail);
    expect(logs.body.result[0]).toMatchObject({ state: 'Error', error_code: 'caller_no_email' });
  });

  it('answers 404 for a schedule the caller does not see, 403 without can_write, 401 signed out', async () => {
    const { w, reader } = app;
    const id = await created(request, w.writer, {
      ...reportBody('Not yours', w.ordersChart),
      report_format: 'CSV',
    });
    expect((await request('POST', sendNow(id), w.otherWriter)).status).toBe(404);
    expect((await request('POST', sendNow(987_654), w.writer)).status).toBe(404);
    expect((await request('POST', sendNow(id), reader)).status).toBe(403);
    expect((await request('POST', sendNow(id), w.carol)).status).toBe(403);
    expect((await request('POST', sendNow(id), {})).status).toBe(401);
    // Admin and Alpha see every schedule, so they may have any sent to themselves.
    expect((await request('POST', sendNow(id), w.alpha)).body.result.state).toBe('Success');
    const logs = await request('GET', `${URL}${id}/log/`, w.writer);
    expect(logs.body.count).toBe(1);
  });
});

describe('send now, without a mail server', () => {
  const app = useApp(false);
  const request = requester(() => app.harness);

  it('answers Error saying that no mail server is configured', async () => {
    const { w } = app;
    const id = await created(request, w.writer, {
      ...reportBody('No server', w.ordersChart),
      report_format: 'CSV',
    });
    const response = await request('POST', sendNow(id), w.writer);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      result: {
        state: 'Error',
        error_message: 'No mail server is configured (SMTP_URL)',
        error_code: 'no_mail_server',
        error_params_json: '{"params":{}}',
      },
    });
    const logs = await request('GET', `${URL}${id}/log/`, w.writer);
    expect(logs.body.result).toMatchObject([
      {
        state: 'Error',
        error_message: 'No mail server is configured (SMTP_URL)',
        error_code: 'no_mail_server',
        error_params_json: '{"params":{}}',
      },
    ]);
    const one = await request('GET', `${URL}${id}/log/${logs.body.ids[0]}`, w.writer);
    expect(one.body.result).toMatchObject({ error_code: 'no_mail_server' });
  });
});
