import { runError } from '@vitrina/common/reports/runErrors';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ScreenshotError } from '../../http/screenshots.ts';
import { requester, tableFormData } from '../../resources/charts/testFixtures.ts';
import { createChart, createDashboard } from '../../resources/dashboards/testWorld.ts';
import { loadPrincipal } from '../../security/principal.ts';
import { runScheduledReport } from './execute.ts';
import { sendReportNow } from './sendNow.ts';
import {
  insertChartReport,
  insertSchedule,
  logRows,
  mailsTo,
  scheduleRow,
  useReportsWorld,
} from './testWorld.ts';

const scheduled = new Date('2026-01-05T09:00:00Z');

describe('a scheduled chart report', () => {
  const world = useReportsWorld();

  it('mails the chart as CSV, run with its owner’s rights, and logs Working then Success', async () => {
    const { harness, sink, chartId } = world();
    const id = await insertChartReport(world(), {
      name: 'Daily orders',
      report_format: 'CSV',
      recipients: ['csv@example.com'],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Success');

    const [mail, ...others] = mailsTo(sink, 'csv@example.com');
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('[Report] Daily orders');
    expect(mail?.html).toContain(`/explore/?slice_id=${chartId}`);
    expect(mail?.attachments.map((file) => file.fileName)).toEqual(['Orders by city.csv']);
    const lines = mail?.attachments[0]?.content
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines?.[0]).toBe('city,total');
    expect(lines?.slice(1).sort()).toEqual([',3', 'Berlin,6.5', "St. John's,7", 'Москва,30.5'].sort());

    const rows = await logRows(harness, id);
    expect(rows.map((row) => [row.state, row.error_message])).toEqual([
      ['Working', null],
      ['Success', null],
    ]);
    expect(rows.every((row) => row.scheduled_dttm === scheduled.toISOString())).toBe(true);
    expect((await scheduleRow(harness, id)).last_state).toBe('Success');
  });

  it('attaches an XLSX workbook named after the chart', async () => {
    const { harness, sink } = world();
    const id = await insertChartReport(world(), {
      name: 'Orders workbook',
      report_format: 'XLSX',
      recipients: ['xlsx@example.com'],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Success');

    const [file] = mailsTo(sink, 'xlsx@example.com')[0]?.attachments ?? [];
    expect(file?.fileName).toBe('Orders by city.xlsx');
    // A workbook is a zip archive.
    expect(file?.content.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('mails a CSV report whose chart has no rows today, saying so, with no file', async () => {
    const { harness, sink, admin, ordersId } = world();
    const empty = await createChart(
      requester(() => harness),
      admin,
      ordersId,
      'Orders nowhere',
    );
    const params = {
      ...tableFormData(ordersId),
      adhoc_filters: [
        { expressionType: 'SIMPLE', subject: 'city', operator: '==', comparator: 'Nowhere', clause: 'WHERE' },
      ],
    };
    await harness.ctx.metastore.db
      .updateTable('slices')
      .set({ params: JSON.stringify(params), query_context: null })
      .where('id', '=', empty)
      .execute();
    const id = await insertChartReport(world(), {
      name: 'Orders nowhere',
      chart_id: empty,
      report_format: 'CSV',
      recipients: ['empty@example.com'],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Success');

    const [mail] = mailsTo(sink, 'empty@example.com');
    expect(mail?.attachments).toEqual([]);
    expect(mail?.text).toContain('The chart returned no rows this time');
  });

  it('puts a TEXT report in the body as an escaped HTML table', async () => {
    const { harness, sink } = world();
    const id = await insertChartReport(world(), {
      name: 'Orders <as text>',
      report_format: 'TEXT',
      recipients: ['text@example.com'],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Success');

    const [mail] = mailsTo(sink, 'text@example.com');
    expect(mail?.attachments).toEqual([]);
    expect(mail?.subject).toBe('[Report] Orders <as text>');
    expect(mail?.html).toContain('<th>city</th><th>total</th>');
    expect(mail?.html).toContain('<td>St. John&#39;s</td><td>7</td>');
    expect(mail?.html).toContain('<td>Москва</td><td>30.5</td>');
    expect(mail?.html).not.toContain("St. John's");
  });

  it('writes the subject in the owner’s language', async () => {
    const { harness, sink, userIds } = world();
    await harness.ctx.metastore.db
      .updateTable('users')
      .set({ preferred_language: 'ru' })
      .where('id', '=', userIds.bob)
      .execute();
    const id = await insertChartReport(world(), {
      name: 'Заказы',
      report_format: 'TEXT',
      owners: [userIds.bob],
      recipients: ['ru@example.com'],
    });

    await runScheduledReport(harness.ctx, id, scheduled);

    const [mail] = mailsTo(sink, 'ru@example.com');
    expect(mail?.subject).toBe('[Отчёт] Заказы');
    expect(mail?.html).toContain('Открыть в Витрине');
  });

  it('records Error with the reason when the picture cannot be drawn', async () => {
    const { harness } = world();
    const reason = 'Chart “Orders” could not be drawn: the table is gone';
    const real = harness.ctx.screenshots;
    harness.ctx.screenshots = {
      capture: async () => {
        throw new ScreenshotError(reason);
      },
      close: async () => undefined,
    };
    onTestFinished(() => {
      harness.ctx.screenshots = real;
    });
    const id = await insertChartReport(world(), {
      name: 'Orders picture',
      report_format: 'PNG',
      recipients: ['png@example.com'],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Error');

    const rows = await logRows(harness, id);
    expect(rows.map((row) => row.state)).toEqual(['Working', 'Error', 'Error']);
    expect(rows[1]?.error_message).toBe(reason);
    // The owners were told, which starts the error grace period.
    expect(rows[2]?.error_message).toBe('Notification sent with error');
    expect(mailsTo(world().sink, 'png@example.com')).toEqual([]);
    expect(mailsTo(world().sink, 'alice@example.com').at(-1)?.text).toContain(reason);
  });

  it('records the failure’s code, and tells a Russian owner in Russian', async () => {
    const { harness, userIds } = world();
    await harness.ctx.metastore.db
      .updateTable('users')
      .set({ preferred_language: 'ru' })
      .where('id', '=', userIds.bob)
      .execute();
    const real = harness.ctx.screenshots;
    harness.ctx.screenshots = {
      capture: async () => {
        throw new ScreenshotError(
          'Chart “Orders” could not be drawn: relation "orders" does not exist',
          runError('chart_failed', { name: 'Orders' }, 'relation "orders" does not exist'),
        );
      },
      close: async () => undefined,
    };
    onTestFinished(() => {
      harness.ctx.screenshots = real;
    });
    const id = await insertChartReport(world(), {
      name: 'Картинка',
      report_format: 'PNG',
      owners: [userIds.bob],
      recipients: ['png-ru@example.com'],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Error');

    const rows = await logRows(harness, id);
    expect(rows.map((row) => [row.state, row.error_code])).toEqual([
      ['Working', null],
      ['Error', 'chart_failed'],
      ['Error', 'notification_sent'],
    ]);
    // Superset's English text stays for API clients.
    expect(rows[1]?.error_message).toBe(
      'Chart “Orders” could not be drawn: relation "orders" does not exist',
    );
    expect(JSON.parse(rows[1]!.error_params_json!)).toEqual({
      params: { name: 'Orders' },
      detail: 'relation "orders" does not exist',
    });
    const notice = mailsTo(world().sink, 'bob@example.com').at(-1);
    expect(notice?.subject).toBe('[Отчёт] Картинка');
    expect(notice?.text).toBe(
      'Отчёт не удался:\nНе удалось нарисовать диаграмму «Orders»: relation "orders" does not exist',
    );
  });

  it('records Error for a CSV report of a dashboard', async () => {
    const { harness, userIds, admin } = world();
    const dashboardId = await createDashboard(
      requester(() => harness),
      admin,
      { dashboard_title: 'Sales' },
    );
    const id = await insertSchedule(harness, {
      name: 'Dashboard as CSV',
      dashboard_id: dashboardId,
      report_format: 'CSV',
      owners: [userIds.alice],
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Error');

    expect((await logRows(harness, id))[1]?.error_message).toBe(
      'A dashboard report cannot be sent as CSV; choose PNG or PDF',
    );
  });

  it('sends now to the caller only, logs it, and leaves the schedule’s state alone', async () => {
    const { harness, sink, userIds } = world();
    const id = await insertChartReport(world(), {
      name: 'On request',
      report_format: 'CSV',
      recipients: ['team-now@example.com'],
    });
    const bob = await loadPrincipal(harness.ctx.metastore.db, userIds.bob);
    if (!bob) throw new Error('bob is missing');

    expect(await sendReportNow(harness.ctx, bob, id)).toEqual({
      state: 'Success',
      errorMessage: null,
      error: null,
    });

    expect(mailsTo(sink, 'team-now@example.com')).toEqual([]);
    expect(mailsTo(sink, 'bob@example.com').at(-1)?.attachments[0]?.fileName).toBe('Orders by city.csv');
    expect((await logRows(harness, id)).map((row) => row.state)).toEqual(['Success']);
    expect((await scheduleRow(harness, id)).last_state).toBe('Not triggered');
  });
});

describe('a report without a mail server', () => {
  const world = useReportsWorld({ smtp: false });

  it('records Error saying that no mail server is configured', async () => {
    const { harness } = world();
    const id = await insertChartReport(world(), {
      name: 'Nowhere to send',
      report_format: 'CSV',
    });

    expect(await runScheduledReport(harness.ctx, id, scheduled)).toBe('Error');

    const rows = await logRows(harness, id);
    expect(rows.map((row) => [row.state, row.error_message, row.error_code])).toEqual([
      ['Working', null, null],
      ['Error', 'No mail server is configured (SMTP_URL)', 'no_mail_server'],
      // Telling the owners failed for the same reason.
      ['Error', 'No mail server is configured (SMTP_URL)', 'no_mail_server'],
    ]);
    expect((await scheduleRow(harness, id)).last_state).toBe('Error');
  });
});
