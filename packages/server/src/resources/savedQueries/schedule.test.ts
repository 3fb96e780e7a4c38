import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { withDuckDb } from '../../drivers/exampleData/duckdbFile.ts';
import { databasePermissionView } from '../../security/dataAccess.ts';
import { createRole, insertDatabase } from '../../testing/fixtures.ts';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/saved_query/';
const DAILY = { crontab: '0 9 * * *', timezone: 'Europe/Moscow', active: true };

/** The schedule part of `/api/v1/saved_query/`: extra_json.schedule_info checked on every write. */
describeEachMetastore('saved query schedules API', (harness) => {
  let owner: Headers;
  let other: Headers;
  let asyncDb: number;
  let syncDb: number;

  beforeAll(async () => {
    const h = harness();
    const file = path.join(h.ctx.config.filesDir, 'schedule.duckdb');
    await withDuckDb(file, async (con) => {
      await con.run('CREATE TABLE t (id INTEGER)');
      await con.run('CHECKPOINT');
    });
    asyncDb = await insertDatabase(h, { name: 'sched_async', uri: `duckdb:///${file}` });
    await h.ctx.metastore.db
      .updateTable('databases')
      .set({ allow_run_async: 1 })
      .where('id', '=', asyncDb)
      .execute();
    syncDb = await insertDatabase(h, { name: 'sched_sync', uri: 'sqlite:///:memory:' });
    await createRole(h, 'sched_access', [
      ['database_access', databasePermissionView({ id: asyncDb, database_name: 'sched_async' })],
      ['database_access', databasePermissionView({ id: syncDb, database_name: 'sched_sync' })],
    ]);
    await h.createUser({ username: 'sched_owner', roles: ['Gamma', 'sql_lab', 'sched_access'] });
    await h.createUser({ username: 'sched_other', roles: ['Gamma', 'sql_lab', 'sched_access'] });
    owner = await h.bearer('sched_owner', 'password123');
    other = await h.bearer('sched_other', 'password123');
  });

  const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers, payload?: object) =>
    harness().app.inject({
      method,
      url,
      headers,
      ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
    });
  const body = (schedule: unknown, db = asyncDb) => ({
    db_id: db,
    label: 'Nightly ids',
    sql: 'SELECT id FROM t',
    extra_json: JSON.stringify({ schedule_info: schedule }),
  });

  it('saves a schedule, normalised, and shows it with no run yet', async () => {
    const created = await inject(
      'POST',
      URL,
      owner,
      body({ ...DAILY, crontab: ' 0 9 * * * ', end_date: '' }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const shown = (await inject('GET', `${URL}${created.json().id}`, owner)).json().result;
    expect(JSON.parse(shown.extra_json)).toEqual({
      schedule_info: { ...DAILY, start_date: null, end_date: null },
    });
    expect(shown).toMatchObject({ last_run: null, last_run_state: null, last_run_error: null });
    const listed = (await inject('GET', URL, owner)).json().result;
    expect(listed.find((row: { id: number }) => row.id === created.json().id)).toMatchObject({
      extra: { schedule_info: { crontab: '0 9 * * *' } },
      last_run_state: null,
    });
  });

  it('refuses a bad crontab, an unknown time zone and bad dates with 422 naming each field', async () => {
    const bad = await inject(
      'POST',
      URL,
      owner,
      body({ crontab: '0 25 * * *', timezone: 'Europe/Atlantis', start_date: '2026-13-01', active: true }),
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: {
        'extra_json.schedule_info.crontab': ['Invalid value for hour: 25'],
        'extra_json.schedule_info.timezone': ["Unknown time zone 'Europe/Atlantis'."],
        'extra_json.schedule_info.start_date': ['Not a valid date (YYYY-MM-DD).'],
      },
    });
    const notObject = await inject('POST', URL, owner, body('every day'));
    expect(notObject.json().message).toEqual({ 'extra_json.schedule_info': ['Not a valid mapping type.'] });
  });

  it('refuses a schedule on a database that does not run queries asynchronously', async () => {
    const refused = await inject('POST', URL, owner, body(DAILY, syncDb));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toEqual({
      'extra_json.schedule_info': [
        'The database "sched_sync" does not allow scheduled queries: it does not run queries asynchronously.',
      ],
    });
    // An unscheduled query is saved there as before; scheduling it later, or moving a scheduled one there, is refused.
    const plain = await inject('POST', URL, owner, { db_id: syncDb, label: 'plain', sql: 'select 1' });
    expect(plain.statusCode).toBe(201);
    const scheduleLater = await inject('PUT', `${URL}${plain.json().id}`, owner, {
      extra_json: JSON.stringify({ schedule_info: DAILY }),
    });
    expect(scheduleLater.statusCode).toBe(422);
    const scheduled = await inject('POST', URL, owner, body(DAILY));
    const move = await inject('PUT', `${URL}${scheduled.json().id}`, owner, { db_id: syncDb });
    expect(move.statusCode).toBe(422);
    expect(Object.keys(move.json().message)).toEqual(['extra_json.schedule_info']);
  });

  it('checks a PUT the same way and unschedules by clearing schedule_info', async () => {
    const id = (await inject('POST', URL, owner, body(DAILY))).json().id;
    const bad = await inject('PUT', `${URL}${id}`, owner, {
      extra_json: JSON.stringify({ schedule_info: { ...DAILY, crontab: '* * *' } }),
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toEqual({
      'extra_json.schedule_info.crontab': [
        'Expected 5 fields (minute hour day-of-month month day-of-week), found 3',
      ],
    });
    const cleared = await inject('PUT', `${URL}${id}`, owner, { extra_json: '{}' });
    expect(cleared.statusCode).toBe(200);
    expect((await inject('GET', `${URL}${id}`, owner)).json().result.extra_json).toBe('{}');
  });

  it("does not let another user see or schedule someone's saved query", async () => {
    const id = (await inject('POST', URL, owner, body(DAILY))).json().id;
    expect((await inject('GET', `${URL}${id}`, other)).statusCode).toBe(404);
    const hijack = await inject('PUT', `${URL}${id}`, other, {
      extra_json: JSON.stringify({ schedule_info: { ...DAILY, crontab: '* * * * *' } }),
    });
    expect(hijack.statusCode).toBe(404);
    const theirList = (await inject('GET', URL, other)).json().result.map((row: { id: number }) => row.id);
    expect(theirList).not.toContain(id);
    expect(
      JSON.parse((await inject('GET', `${URL}${id}`, owner)).json().result.extra_json).schedule_info.crontab,
    ).toBe('0 9 * * *');
  });
});
