import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { requester } from '../charts/testFixtures.ts';
import { insertExecutionLog } from './repo.ts';
import { buildReportsWorld, created, q, type ReportsWorld, reportBody, URL } from './testWorld.ts';

describeEachMetastore('report execution log API', (harness) => {
  const request = requester(harness);
  let w: ReportsWorld;
  let reportId: number;
  let otherId: number;
  let logIds: number[];
  beforeAll(async () => {
    w = await buildReportsWorld(harness(), request);
    reportId = await created(request, w.writer, reportBody('Logged', w.ordersChart));
    otherId = await created(request, w.otherWriter, reportBody('Logged elsewhere', w.ordersChart));
    const db = harness().ctx.metastore.db;
    const run = (hour: number, state: string, error: string | null) =>
      insertExecutionLog(db, {
        uuid: randomUUID(),
        scheduled_dttm: `2026-11-0${hour}T09:00:00.000Z`,
        start_dttm: `2026-11-0${hour}T09:00:01.000Z`,
        end_dttm: `2026-11-0${hour}T09:00:05.000Z`,
        value: null,
        value_row_json: null,
        state,
        error_message: error,
        report_schedule_id: reportId,
      });
    logIds = [
      await run(1, 'Success', null),
      await run(2, 'Error', 'Screenshot timed out'),
      await run(3, 'Success', null),
    ];
    await insertExecutionLog(db, {
      uuid: randomUUID(),
      scheduled_dttm: '2026-11-01T09:00:00.000Z',
      start_dttm: null,
      end_dttm: null,
      value: 3,
      value_row_json: '{"n": 3}',
      state: 'Working',
      error_message: null,
      report_schedule_id: otherId,
    });
  });

  it("lists a schedule's runs, newest first, filtered and ordered by rison", async () => {
    const list = await request('GET', `${URL}${reportId}/log/`, w.writer);
    expect(list.status).toBe(200);
    expect(list.body.count).toBe(3);
    expect(list.body.ids).toEqual([...logIds].reverse());
    expect(list.body.result[1]).toEqual({
      id: logIds[1],
      uuid: expect.any(String),
      scheduled_dttm: '2026-11-02T09:00:00.000Z',
      start_dttm: '2026-11-02T09:00:01.000Z',
      end_dttm: '2026-11-02T09:00:05.000Z',
      value: null,
      value_row_json: null,
      state: 'Error',
      error_message: 'Screenshot timed out',
      // A row written without a code (as before codes existed) has none.
      error_code: null,
      error_params_json: null,
    });
    const errors = await request(
      'GET',
      q(`${URL}${reportId}/log/`, { filters: [{ col: 'state', opr: 'eq', value: 'Error' }] }),
      w.writer,
    );
    expect(errors.body.ids).toEqual([logIds[1]]);
    const oldest = await request(
      'GET',
      q(`${URL}${reportId}/log/`, { order_column: 'start_dttm', order_direction: 'asc', page_size: 1 }),
      w.writer,
    );
    expect(oldest.body).toMatchObject({ count: 3, ids: [logIds[0]] });
  });

  it('shows one run of a schedule the caller sees', async () => {
    const shown = await request('GET', `${URL}${reportId}/log/${logIds[1]}`, w.writer);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      id: logIds[1],
      result: { state: 'Error', error_message: 'Screenshot timed out' },
    });
    // A run of another schedule, or of a schedule the caller does not see: 404.
    expect((await request('GET', `${URL}${otherId}/log/${logIds[1]}`, w.otherWriter)).status).toBe(404);
    expect((await request('GET', `${URL}${otherId}/log/`, w.writer)).status).toBe(404);
    expect((await request('GET', `${URL}${reportId}/log/987654`, w.writer)).status).toBe(404);
    const admin = await request('GET', `${URL}${otherId}/log/`, w.admin);
    expect(admin.body.result).toEqual([expect.objectContaining({ state: 'Working', value: 3 })]);
  });

  it("deletes a schedule's runs with it", async () => {
    expect((await request('DELETE', `${URL}${otherId}`, w.otherWriter)).status).toBe(200);
    const rows = await harness()
      .ctx.metastore.db.selectFrom('report_execution_log')
      .select('report_schedule_id')
      .distinct()
      .execute();
    expect(rows.map((row) => row.report_schedule_id)).toEqual([reportId]);
  });
});
