import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { requester } from '../charts/testFixtures.ts';
import { createDashboard } from '../dashboards/testWorld.ts';
import { alertBody, buildReportsWorld, created, type ReportsWorld, reportBody, URL } from './testWorld.ts';

describeEachMetastore('reports API validation', (harness, kind) => {
  const request = requester(harness);
  let w: ReportsWorld;
  beforeAll(async () => {
    w = await buildReportsWorld(harness(), request);
  });
  const refusal = async (body: object, headers = w.alpha) => {
    const response = await request('POST', URL, headers, body);
    expect(response.status, JSON.stringify(response.body)).toBe(422);
    return response.body.message as Record<string, string[]>;
  };
  const reportCount = async () =>
    Number(
      (
        await harness()
          .ctx.metastore.db.selectFrom('report_schedule')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('names each missing required field', async () => {
    expect(Object.keys(await refusal({})).sort()).toEqual(['chart', 'crontab', 'name', 'recipients', 'type']);
    expect(await refusal({ description: 'x' })).toMatchObject({
      type: ['Missing data for required field.'],
      name: ['Missing data for required field.'],
      crontab: ['Missing data for required field.'],
    });
  });

  it('parses the crontab and knows the time zone', async () => {
    const crontab = await refusal(reportBody('Bad cron', w.ordersChart, { crontab: '61 * * * *' }));
    expect(Object.keys(crontab)).toEqual(['crontab']);
    expect(crontab.crontab![0]).toEqual(expect.any(String));
    expect(Object.keys(await refusal(reportBody('Few fields', w.ordersChart, { crontab: '0 9 *' })))).toEqual(
      ['crontab'],
    );
    expect(await refusal(reportBody('Bad zone', w.ordersChart, { timezone: 'Mars/Olympus' }))).toEqual({
      timezone: ['Unknown time zone: Mars/Olympus'],
    });
    expect(Object.keys(await refusal(reportBody('Bad type', w.ordersChart, { type: 'Memo' })))).toEqual([
      'type',
    ]);
    expect(
      Object.keys(await refusal(reportBody('Bad format', w.ordersChart, { report_format: 'GIF' }))),
    ).toEqual(['report_format']);
    expect(
      await refusal(reportBody('Bad numbers', w.ordersChart, { log_retention: 0, custom_width: 10 })),
    ).toEqual({
      log_retention: ['Value must be greater than 0'],
      custom_width: ['Screenshot width must be between 600px and 2400px'],
    });
    expect(await refusal(reportBody('x'.repeat(151), w.ordersChart))).toEqual({
      name: ['Longer than maximum length 150.'],
    });
    // A wrong JSON type is the schema's 400, as Superset's marshmallow load answers.
    expect(
      (await request('POST', URL, w.alpha, { ...reportBody('Typed', w.ordersChart), active: 'yes' })).status,
    ).toBe(400);
    expect(
      (await request('POST', URL, w.alpha, { ...reportBody('Unknown', w.ordersChart), colour: 1 })).status,
    ).toBe(400);
  });

  it('keeps names unique per type', async () => {
    const id = await created(request, w.alpha, reportBody('Weekly', w.ordersChart));
    expect(await refusal(reportBody('Weekly', w.ordersChart))).toEqual({
      name: ['A report named "Weekly" already exists'],
    });
    // The same name on an alert is fine.
    const alert = await created(request, w.alpha, alertBody('Weekly', w.databaseId, w.ordersChart));
    expect(await refusal(alertBody('Weekly', w.databaseId, w.ordersChart))).toEqual({
      name: ['An alert named "Weekly" already exists'],
    });
    const other = await created(request, w.alpha, reportBody('Monthly', w.ordersChart));
    const rename = await request('PUT', `${URL}${other}`, w.alpha, { name: 'Weekly' });
    expect(rename.status).toBe(422);
    expect(rename.body).toEqual({ message: { name: ['A report named "Weekly" already exists'] } });
    // Saving a schedule under its own name is no clash.
    expect((await request('PUT', `${URL}${id}`, w.alpha, { name: 'Weekly', active: true })).status).toBe(200);
    await request('DELETE', `${URL}?q=!(${id},${alert},${other})`, w.alpha);
  });

  it('wants exactly one chart or dashboard the caller may read', async () => {
    expect(await refusal({ ...reportBody('Both', w.ordersChart), dashboard: w.publishedDashboard })).toEqual({
      chart: ['Choose a chart or dashboard not both'],
    });
    expect(await refusal({ ...reportBody('Neither', w.ordersChart), chart: null })).toEqual({
      chart: ['Must choose either a chart or a dashboard'],
    });
    expect(
      await refusal({ ...reportBody('Unsaved', w.ordersChart), chart: null, creation_method: 'charts' }),
    ).toEqual({
      chart: ['Please save your chart first, then try creating a new email report.'],
    });
    expect(
      await refusal({
        ...reportBody('Unsaved board', w.ordersChart),
        chart: null,
        creation_method: 'dashboards',
      }),
    ).toEqual({ dashboard: ['Please save your dashboard first, then try creating a new email report.'] });
    expect(await refusal(reportBody('Missing chart', 987654))).toEqual({ chart: ['Chart does not exist'] });
    // A chart or a draft dashboard the caller may not read answers as missing.
    expect(await refusal(reportBody('Secret', w.secretChart), w.writer)).toEqual({
      chart: ['Chart does not exist'],
    });
    expect(
      await refusal(
        { ...reportBody('Draft', w.ordersChart), chart: null, dashboard: w.draftDashboard },
        w.writer,
      ),
    ).toEqual({ dashboard: ['Dashboard does not exist'] });
    // An edit is checked as the whole it makes.
    const id = await created(request, w.alpha, reportBody('On a chart', w.ordersChart));
    const both = await request('PUT', `${URL}${id}`, w.alpha, { dashboard: w.publishedDashboard });
    expect(both.status).toBe(422);
    expect(both.body).toEqual({ message: { chart: ['Choose a chart or dashboard not both'] } });
    const moved = await request('PUT', `${URL}${id}`, w.alpha, {
      chart: null,
      dashboard: w.publishedDashboard,
    });
    expect(moved.status).toBe(200);
    await request('DELETE', `${URL}${id}`, w.alpha);
  });

  it("wants the tabs and native filters of extra.dashboard to be the dashboard's own", async () => {
    const tabbed = await createDashboard(request, w.admin, { dashboard_title: 'Tabbed', published: true });
    const tab = (id: string, parents: string[]) => ({
      id,
      type: 'TAB',
      children: [],
      parents,
      meta: { text: id },
    });
    await harness()
      .ctx.metastore.db.updateTable('dashboards')
      .set({
        position_json: JSON.stringify({
          DASHBOARD_VERSION_KEY: 'v2',
          ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-1'], meta: {} },
          'TABS-1': {
            id: 'TABS-1',
            type: 'TABS',
            children: ['TAB-a', 'TAB-b'],
            parents: ['ROOT_ID'],
            meta: {},
          },
          'TAB-a': tab('TAB-a', ['ROOT_ID', 'TABS-1']),
          'TAB-b': tab('TAB-b', ['ROOT_ID', 'TABS-1']),
        }),
        json_metadata: JSON.stringify({ native_filter_configuration: [{ id: 'NATIVE_FILTER-city' }] }),
      })
      .where('id', '=', tabbed)
      .execute();
    const onBoard = (name: string, state: object) => ({
      ...reportBody(name, w.ordersChart),
      chart: null,
      dashboard: tabbed,
      extra: { dashboard: state },
    });

    expect(await refusal(onBoard('Lost tab', { activeTabs: ['TAB-a', 'TAB-x'], anchor: 'TAB-y' }))).toEqual({
      extra: ['Tab not found in the dashboard: TAB-x', 'Tab not found in the dashboard: TAB-y'],
    });
    expect(
      await refusal(onBoard('Lost filter', { nativeFilters: [{ nativeFilterId: 'NATIVE_FILTER-gone' }] })),
    ).toEqual({
      extra: ['Native filter not found in the dashboard: NATIVE_FILTER-gone'],
    });
    const id = await created(
      request,
      w.alpha,
      onBoard('Right tab', {
        activeTabs: ['TAB-b'],
        anchor: 'TAB-b',
        nativeFilters: [{ nativeFilterId: 'NATIVE_FILTER-city', filterValues: ['Berlin'] }],
      }),
    );
    // An edit of the state alone is checked against the stored dashboard.
    const edited = await request('PUT', `${URL}${id}`, w.alpha, {
      extra: { dashboard: { anchor: 'TAB-z' } },
    });
    expect(edited.status).toBe(422);
    expect(edited.body).toEqual({ message: { extra: ['Tab not found in the dashboard: TAB-z'] } });
    // Moving to a dashboard without those tabs is refused too.
    const moved = await request('PUT', `${URL}${id}`, w.alpha, { dashboard: w.publishedDashboard });
    expect(moved.status).toBe(422);
    expect(Object.keys(moved.body.message)).toEqual(['extra']);
    await request('DELETE', `${URL}${id}`, w.alpha);
  });

  it('wants a database, SQL and a validator for an alert, and no database on a report', async () => {
    const message = await refusal({ ...reportBody('Bare alert', w.ordersChart), type: 'Alert' });
    expect(message).toEqual({
      database: ['Database is required for alerts'],
      sql: ['SQL is required for alerts'],
      validator_type: ['A validator type is required for alerts'],
    });
    expect(await refusal(alertBody('No such db', 987654, w.ordersChart))).toEqual({
      database: ['Database does not exist'],
    });
    const config = await refusal(
      alertBody('Bad config', w.databaseId, w.ordersChart, {
        validator_config_json: { op: '=~', threshold: 1 },
      }),
    );
    expect(Object.keys(config)).toEqual(['validator_config_json']);
    const noThreshold = await refusal(
      alertBody('No threshold', w.databaseId, w.ordersChart, { validator_config_json: { op: '>' } }),
    );
    expect(Object.keys(noThreshold)).toEqual(['validator_config_json']);
    expect(
      Object.keys(
        await refusal(alertBody('Bad validator', w.databaseId, w.ordersChart, { validator_type: 'maybe' })),
      ),
    ).toEqual(['validator_type']);
    expect(await refusal({ ...reportBody('Report with db', w.ordersChart), database: w.databaseId })).toEqual(
      {
        database: ['Database reference is not allowed on a report'],
      },
    );
    // 'not null' needs no configuration.
    const id = await created(
      request,
      w.alpha,
      alertBody('Any orders', w.databaseId, w.ordersChart, {
        validator_type: 'not null',
        validator_config_json: null,
      }),
    );
    await request('DELETE', `${URL}${id}`, w.alpha);
  });

  it('checks recipients and owners, and a bad one leaves no row', async () => {
    const before = await reportCount();
    const recipients = await refusal(
      reportBody('Bad address', w.ordersChart, {
        recipients: [{ type: 'Email', recipient_config_json: { target: 'not an address' } }],
      }),
    );
    expect(Object.keys(recipients)).toEqual(['recipients']);
    expect(await refusal(reportBody('Bad owner', w.ordersChart, { owners: [987654] }))).toEqual({
      owners: ['Owners are invalid'],
    });
    expect(await reportCount()).toBe(before);
  });

  it.runIf(kind === 'sqlite')('rolls back the schedule when writing its recipients fails', async () => {
    const db = harness().ctx.metastore.db;
    const before = await reportCount();
    await sql`create trigger refuse_recipients before insert on report_recipient begin select raise(abort, 'refused'); end`.execute(
      db,
    );
    try {
      const response = await request('POST', URL, w.alpha, reportBody('Half written', w.ordersChart));
      expect(response.status).toBe(500);
    } finally {
      await sql`drop trigger refuse_recipients`.execute(db);
    }
    expect(await reportCount()).toBe(before);
    expect(await harness().ctx.metastore.db.selectFrom('report_schedule_user').selectAll().execute()).toEqual(
      [],
    );
  });
});
