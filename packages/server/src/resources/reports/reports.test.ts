import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FEATURE_FLAGS } from '../../config.ts';
import { ADMIN, createTestApp, describeEachMetastore } from '../../testing/testApp.ts';
import { requester } from '../charts/testFixtures.ts';
import { alertBody, buildReportsWorld, created, q, type ReportsWorld, reportBody, URL } from './testWorld.ts';

describeEachMetastore('reports API', (harness) => {
  const request = requester(harness);
  let w: ReportsWorld;
  beforeAll(async () => {
    w = await buildReportsWorld(harness(), request);
  });

  it('creates, shows, edits, deactivates and deletes a report', async () => {
    const posted = await request('POST', URL, w.writer, {
      ...reportBody('Daily orders', w.ordersChart),
      description: 'Every morning',
      extra: { dashboard: {} },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const id = posted.body.id as number;
    expect(posted.body.result).toMatchObject({
      type: 'Report',
      name: 'Daily orders',
      timezone: 'UTC',
      report_format: 'PNG',
      log_retention: 90,
      grace_period: 14400,
      working_timeout: 3600,
      creation_method: 'alerts_reports',
      owners: [w.ids.writer],
    });

    const shown = await request('GET', `${URL}${id}`, w.writer);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ id });
    expect(shown.body.result).toMatchObject({
      id,
      type: 'Report',
      name: 'Daily orders',
      description: 'Every morning',
      active: true,
      crontab: '0 9 * * *',
      timezone: 'UTC',
      chart: { id: w.ordersChart, slice_name: 'Orders by city', viz_type: 'table' },
      dashboard: null,
      database: null,
      last_state: 'Not triggered',
      force_screenshot: false,
      extra: { dashboard: {} },
      owners: [{ id: w.ids.writer, first_name: 'rep_writer', last_name: 'Test' }],
    });
    expect(shown.body.result.recipients).toEqual([
      {
        id: expect.any(Number),
        type: 'Email',
        recipient_config_json: JSON.stringify({ target: 'team@example.com' }),
      },
    ]);

    const edited = await request('PUT', `${URL}${id}`, w.writer, {
      ...reportBody('Daily orders (PDF)', w.ordersChart),
      report_format: 'PDF',
      timezone: 'Europe/Moscow',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'a@example.com,b@example.com' } }],
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id, result: { name: 'Daily orders (PDF)' } });
    const afterEdit = (await request('GET', `${URL}${id}`, w.writer)).body.result;
    expect(afterEdit).toMatchObject({
      name: 'Daily orders (PDF)',
      report_format: 'PDF',
      timezone: 'Europe/Moscow',
    });
    expect(afterEdit.recipients).toHaveLength(1);
    expect(JSON.parse(afterEdit.recipients[0].recipient_config_json)).toEqual({
      target: 'a@example.com,b@example.com',
    });

    const toggled = await request('PUT', `${URL}${id}`, w.writer, { active: false });
    expect(toggled.status).toBe(200);
    expect(toggled.body).toEqual({ id, result: { active: false } });
    const afterToggle = (await request('GET', `${URL}${id}`, w.writer)).body.result;
    // Toggling touches nothing else.
    expect(afterToggle).toMatchObject({ active: false, name: 'Daily orders (PDF)', report_format: 'PDF' });
    expect(afterToggle.recipients).toHaveLength(1);

    expect((await request('DELETE', `${URL}${id}`, w.writer)).body).toEqual({ message: 'OK' });
    expect((await request('GET', `${URL}${id}`, w.writer)).status).toBe(404);
    expect((await request('DELETE', `${URL}${id}`, w.writer)).status).toBe(404);
  });

  it('creates an alert on a database its author may query', async () => {
    const id = await created(request, w.alpha, alertBody('Too many orders', w.databaseId, w.ordersChart));
    const shown = (await request('GET', `${URL}${id}`, w.alpha)).body.result;
    expect(shown).toMatchObject({
      type: 'Alert',
      database: { id: w.databaseId, database_name: 'worlddb' },
      sql: 'select count(*) from orders',
      validator_type: 'operator',
    });
    expect(JSON.parse(shown.validator_config_json)).toEqual({ op: '>', threshold: 10 });
    // A Gamma without access to the database may not make an alert run SQL on it.
    const refused = await request('POST', URL, w.writer, alertBody('Sneaky', w.databaseId, w.ordersChart));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: "You don't have access to this database." });
    await request('DELETE', `${URL}${id}`, w.alpha);
  });

  it('sends a report made from a chart header to its author', async () => {
    const id = await created(request, w.otherWriter, {
      ...reportBody('From the chart', w.ordersChart),
      creation_method: 'charts',
      recipients: [{ type: 'Email', recipient_config_json: { target: 'someone-else@example.com' } }],
    });
    const shown = (await request('GET', `${URL}${id}`, w.otherWriter)).body.result;
    expect(JSON.parse(shown.recipients[0].recipient_config_json)).toEqual({
      target: 'rep_other@example.com',
    });
    // One per person and chart from a header: Superset's 409.
    const again = await request('POST', URL, w.otherWriter, {
      ...reportBody('From the chart again', w.ordersChart),
      creation_method: 'charts',
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Resource already has an attached report.' });
    const noEmail = await request('POST', URL, w.noEmail, {
      ...reportBody('No address', w.ordersChart),
      creation_method: 'charts',
    });
    expect(noEmail.status).toBe(422);
    expect(Object.keys(noEmail.body.message)).toEqual(['recipients']);
    await request('DELETE', `${URL}${id}`, w.otherWriter);
  });

  it("hides others' schedules from a Gamma, shows all to Admin and Alpha, and lets only owners change them", async () => {
    const mine = await created(request, w.writer, reportBody('Writer report', w.ordersChart));
    const theirs = await created(request, w.otherWriter, reportBody('Other report', w.ordersChart));
    const names = async (headers: typeof w.admin) =>
      (
        (await request('GET', q(URL, { columns: ['name'], page_size: 100 }), headers)).body.result as Array<{
          name: string;
        }>
      ).map((row) => row.name);

    expect(await names(w.writer)).toContain('Writer report');
    expect(await names(w.writer)).not.toContain('Other report');
    expect((await request('GET', `${URL}${theirs}`, w.writer)).status).toBe(404);
    expect((await request('PUT', `${URL}${theirs}`, w.writer, { active: false })).status).toBe(404);
    expect((await request('DELETE', `${URL}${theirs}`, w.writer)).status).toBe(404);
    expect(await names(w.admin)).toEqual(expect.arrayContaining(['Writer report', 'Other report']));
    expect(await names(w.alpha)).toEqual(expect.arrayContaining(['Writer report', 'Other report']));

    // Alpha sees it but does not own it: Superset's 403.
    const alphaEdit = await request('PUT', `${URL}${theirs}`, w.alpha, { active: false });
    expect(alphaEdit.status).toBe(403);
    expect(alphaEdit.body).toEqual({ message: 'Changing this report is forbidden' });
    // An owner added by the author sees and changes it.
    const shared = await request('PUT', `${URL}${theirs}`, w.otherWriter, { owners: [w.ids.writer] });
    expect(shared.status).toBe(200);
    expect((await request('GET', `${URL}${theirs}`, w.writer)).body.result.owners).toHaveLength(2);
    expect((await request('PUT', `${URL}${theirs}`, w.writer, { active: false })).status).toBe(200);
    // Admin changes anyone's.
    expect((await request('PUT', `${URL}${mine}`, w.admin, { active: false })).status).toBe(200);

    // No ReportSchedule permission at all: 403 on every route.
    expect((await request('GET', URL, w.carol)).status).toBe(403);
    expect((await request('GET', `${URL}${mine}`, w.carol)).status).toBe(403);
    expect((await request('POST', URL, w.carol, reportBody('x', w.ordersChart))).status).toBe(403);
    expect((await request('GET', `${URL}${mine}/log/`, w.carol)).status).toBe(403);
    expect((await request('GET', URL, {})).status).toBe(401);

    await request('DELETE', q(URL, [mine, theirs]), w.admin);
  });

  it('filters the list by chart, dashboard, creation method, creator, type, state and text', async () => {
    const onChart = await created(request, w.writer, {
      ...reportBody('Chart header report', w.ordersChart),
      creation_method: 'charts',
    });
    const onDashboard = await created(request, w.writer, {
      type: 'Report',
      name: 'Dashboard header report',
      crontab: '30 8 * * 1',
      dashboard: w.publishedDashboard,
      creation_method: 'dashboards',
      description: 'weekly digest',
    });
    const alert = await created(request, w.alpha, alertBody('Orders alert', w.databaseId, w.ordersChart));
    const ids = async (filters: unknown[], headers = w.admin) => {
      const response = await request(
        'GET',
        q(URL, { filters, order_column: 'name', order_direction: 'asc' }),
        headers,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.ids as number[];
    };

    expect(
      await ids([
        { col: 'chart_id', opr: 'eq', value: w.ordersChart },
        { col: 'creation_method', opr: 'eq', value: 'charts' },
      ]),
    ).toEqual([onChart]);
    expect(await ids([{ col: 'dashboard_id', opr: 'eq', value: w.publishedDashboard }])).toEqual([
      onDashboard,
    ]);
    expect(await ids([{ col: 'created_by', opr: 'rel_o_m', value: w.ids.writer }])).toEqual([
      onChart,
      onDashboard,
    ]);
    expect(await ids([{ col: 'type', opr: 'eq', value: 'Alert' }])).toEqual([alert]);
    expect(
      await ids([
        { col: 'last_state', opr: 'eq', value: 'Not triggered' },
        { col: 'name', opr: 'sw', value: 'orders' },
      ]),
    ).toEqual([alert]);
    expect(await ids([{ col: 'name', opr: 'report_all_text', value: 'WEEKLY' }])).toEqual([onDashboard]);
    expect(await ids([{ col: 'name', opr: 'ct', value: 'header' }])).toEqual([onChart, onDashboard]);
    expect(await ids([{ col: 'owners', opr: 'rel_m_m', value: w.ids.alpha }])).toEqual([alert]);
    expect(
      await ids([
        { col: 'active', opr: 'eq', value: true },
        { col: 'name', opr: 'ct', value: 'header' },
      ]),
    ).toEqual([onChart, onDashboard]);
    // The writer sees theirs only, whatever the filter.
    expect(await ids([{ col: 'chart_id', opr: 'eq', value: w.ordersChart }], w.writer)).toEqual([onChart]);

    const list = await request(
      'GET',
      q(URL, { filters: [{ col: 'dashboard_id', opr: 'eq', value: w.publishedDashboard }] }),
      w.writer,
    );
    expect(list.body.count).toBe(1);
    expect(list.body.result[0]).toMatchObject({
      id: onDashboard,
      name: 'Dashboard header report',
      type: 'Report',
      active: true,
      crontab: '30 8 * * 1',
      crontab_humanized: expect.any(String),
      timezone: 'UTC',
      creation_method: 'dashboards',
      dashboard_id: w.publishedDashboard,
      chart_id: null,
      last_state: 'Not triggered',
      last_eval_dttm: null,
      recipients: [{ id: expect.any(Number), type: 'Email' }],
      owners: [{ id: w.ids.writer, first_name: 'rep_writer', last_name: 'Test' }],
      created_by: { id: w.ids.writer, first_name: 'rep_writer', last_name: 'Test' },
    });
    expect(list.body.result[0].crontab_humanized).not.toBe('30 8 * * 1');
    expect(list.body.list_title).toBe('List Report Schedule');

    const bad = await request('GET', q(URL, { filters: [{ col: 'sql', opr: 'eq', value: 'x' }] }), w.admin);
    expect(bad.status).toBe(400);

    // Bulk delete: all or nothing, and only the caller's.
    const refused = await request('DELETE', q(URL, [onChart, alert]), w.writer);
    expect(refused.status).toBe(404);
    expect((await request('GET', `${URL}${onChart}`, w.writer)).status).toBe(200);
    const deleted = await request('DELETE', q(URL, [onChart, onDashboard]), w.writer);
    expect(deleted.body).toEqual({ message: 'Deleted 2 report schedules' });
    expect(await ids([{ col: 'created_by', opr: 'rel_o_m', value: w.ids.writer }])).toEqual([]);
    await request('DELETE', `${URL}${alert}`, w.alpha);
  });

  it('refuses to delete a chart, dashboard or database a schedule uses', async () => {
    const report = await created(request, w.admin, reportBody('Keeps the chart', w.ordersChart));
    const board = await created(request, w.admin, {
      ...reportBody('Keeps the board', w.ordersChart),
      chart: null,
      dashboard: w.publishedDashboard,
    });
    const alert = await created(request, w.admin, alertBody('Keeps the db', w.databaseId, w.ordersChart));
    const chart = await request('DELETE', `/api/v1/chart/${w.ordersChart}`, w.admin);
    expect(chart.status).toBe(422);
    expect(chart.body).toEqual({
      message: 'There are associated alerts or reports: Keeps the chart,Keeps the db',
    });
    const dashboard = await request('DELETE', `/api/v1/dashboard/${w.publishedDashboard}`, w.admin);
    expect(dashboard.body).toEqual({ message: 'There are associated alerts or reports: Keeps the board' });
    // The database's datasets are refused first; with them gone the alert still holds it.
    const dbRepo = await import('../databases/repo.ts');
    expect(await dbRepo.reportNamesUsingDatabases(harness().ctx.metastore.db, [w.databaseId])).toEqual([
      'Keeps the db',
    ]);
    await request('DELETE', q(URL, [report, board, alert]), w.admin);
    expect((await request('GET', `/api/v1/chart/${w.ordersChart}`, w.admin)).status).toBe(200);
  });

  it("answers _info with the caller's permissions on ReportSchedule", async () => {
    const info = async (headers: typeof w.admin) =>
      request('GET', q(`${URL}_info`, { keys: ['permissions'] }), headers);
    expect((await info(w.writer)).body).toEqual({ permissions: ['can_read', 'can_write'] });
    expect((await info(w.admin)).body).toEqual({ permissions: ['can_read', 'can_write'] });
    const everything = await request('GET', `${URL}_info`, w.writer);
    expect(everything.body.filters.name).toContainEqual({ name: 'All Text', operator: 'report_all_text' });
    expect(everything.body.add_title).toBe('Add Report Schedule');
    expect((await info(w.carol)).status).toBe(403);
    expect((await request('GET', q(`${URL}_info`, { keys: ['secrets'] }), w.writer)).status).toBe(400);
  });

  it('answers only the columns asked for', async () => {
    const id = await created(request, w.writer, reportBody('Columns only', w.ordersChart));
    const list = await request('GET', q(URL, { columns: ['id', 'name'], page_size: 100 }), w.writer);
    expect(list.status).toBe(200);
    expect(list.body.result).toContainEqual({ id, name: 'Columns only' });
    expect(list.body.result.every((row: object) => Object.keys(row).sort().join() === 'id,name')).toBe(true);
    await request('DELETE', `${URL}${id}`, w.writer);
  });

  it("writes crontab_humanized in the caller's language", async () => {
    const id = await created(request, w.otherWriter, reportBody('Утренний отчёт', w.ordersChart));
    const humanized = async () =>
      (
        await request('GET', q(URL, { columns: ['id', 'crontab_humanized'], page_size: 100 }), w.otherWriter)
      ).body.result.find((row: { id: number }) => row.id === id).crontab_humanized;
    expect(await humanized()).toBe('At 09:00 AM');
    const db = harness().ctx.metastore.db;
    await db
      .updateTable('users')
      .set({ preferred_language: 'ru' })
      .where('id', '=', w.ids.otherWriter)
      .execute();
    try {
      expect(await humanized()).toBe('В 09:00');
    } finally {
      await db
        .updateTable('users')
        .set({ preferred_language: 'en' })
        .where('id', '=', w.ids.otherWriter)
        .execute();
      await request('DELETE', `${URL}${id}`, w.otherWriter);
    }
  });

  it('offers owners to pick', async () => {
    const related = await request('GET', q(`${URL}related/owners`, { filter: 'rep_wr' }), w.writer);
    expect(related.status).toBe(200);
    expect(related.body.result).toEqual([
      { value: w.ids.writer, text: 'rep_writer Test', extra: { active: true } },
    ]);
    expect((await request('GET', `${URL}related/secrets`, w.writer)).status).toBe(404);
  });
});

describe('reports API with ALERT_REPORTS off', () => {
  it('answers 404 on every route', async () => {
    const harness = await createTestApp({
      config: { featureFlags: { ...DEFAULT_FEATURE_FLAGS, ALERT_REPORTS: false } },
    });
    try {
      const admin = await harness.bearer(ADMIN.username, ADMIN.password);
      const request = requester(() => harness);
      for (const [method, url] of [
        ['GET', URL],
        ['GET', `${URL}1`],
        ['POST', URL],
        ['PUT', `${URL}1`],
        ['DELETE', `${URL}1`],
        ['DELETE', `${URL}?q=!(1)`],
        ['GET', `${URL}related/owners`],
        ['GET', `${URL}1/log/`],
        ['GET', `${URL}1/log/2`],
        ['GET', `${URL}_info`],
        ['POST', `${URL}1/send_now/`],
      ] as const) {
        const response = await request(
          method,
          url,
          admin,
          method === 'POST' || method === 'PUT' ? {} : undefined,
        );
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body).toEqual({ message: 'Not found' });
      }
    } finally {
      await harness.close();
    }
  });
});
