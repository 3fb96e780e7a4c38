import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { requester } from '../charts/testFixtures.ts';
import { alertBody, buildReportsWorld, created, type ReportsWorld, reportBody, URL } from './testWorld.ts';

/** VITRINA_REPORT_MIN_INTERVAL_SECONDS: a schedule may not ask to run more often than the limit. */
describe('reports API with a minimum interval between runs', () => {
  let harness: TestApp;
  let w: ReportsWorld;
  const request = requester(() => harness);
  beforeAll(async () => {
    harness = await createTestApp({ config: { reportMinIntervalSeconds: 600 } });
    w = await buildReportsWorld(harness, request);
  });
  afterAll(async () => harness.close());

  it("refuses a crontab that fires more often, with Superset's text", async () => {
    const report = await request(
      'POST',
      URL,
      w.alpha,
      reportBody('Every minute', w.ordersChart, { crontab: '*/5 * * * *' }),
    );
    expect(report.status).toBe(422);
    expect(report.body).toEqual({
      message: {
        crontab: [
          'Report schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 10 minutes per execution.',
        ],
      },
    });
    const alert = await request(
      'POST',
      URL,
      w.alpha,
      alertBody('Busy alert', w.databaseId, w.ordersChart, { crontab: '0,5 * * * *' }),
    );
    expect(alert.status).toBe(422);
    expect(alert.body.message.crontab).toEqual([
      'Alert schedule frequency exceeding limit. Please configure a schedule with a minimum interval of 10 minutes per execution.',
    ]);
  });

  it('accepts the limit itself, and checks an edit only when it sends a crontab', async () => {
    const id = await created(
      request,
      w.alpha,
      reportBody('Every ten minutes', w.ordersChart, { crontab: '*/10 * * * *' }),
    );
    const faster = await request('PUT', `${URL}${id}`, w.alpha, { crontab: '* * * * *' });
    expect(faster.status).toBe(422);
    expect(Object.keys(faster.body.message)).toEqual(['crontab']);
    // A schedule stored before the limit was set can still be switched off.
    await harness.ctx.metastore.db
      .updateTable('report_schedule')
      .set({ crontab: '* * * * *' })
      .where('id', '=', id)
      .execute();
    expect((await request('PUT', `${URL}${id}`, w.alpha, { active: false })).status).toBe(200);
    await request('DELETE', `${URL}${id}`, w.alpha);
  });
});
