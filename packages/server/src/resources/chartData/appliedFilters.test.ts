import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';

describeEachMetastore('chart data API: applied and rejected dashboard filters', (harness) => {
  let world: World;
  let request: Request;
  const byCity = (filters: unknown[], extra: Record<string, unknown> = {}) => ({
    datasource: { id: world.ordersId, type: 'table' },
    queries: [
      {
        columns: ['city'],
        metrics: [
          { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'amount' }, label: 'total' },
        ],
        orderby: [['total', false]],
        filters,
        ...extra,
      },
    ],
  });

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
  }, 120_000);

  it('runs the filters that apply and reports the others per query', async () => {
    const response = await request(
      'POST',
      '/api/v1/chart/data',
      world.alice,
      byCity(
        [
          { col: 'city', op: 'IN', val: ['Berlin'], isExtra: true },
          { col: 'region', op: 'IN', val: ['EU'], isExtra: true },
        ],
        { applied_time_extras: { __time_grain: 'P1M' } },
      ),
    );
    expect(response.status, response.text).toBe(200);
    const [entry] = response.body.result;
    expect(entry.data).toEqual([{ city: 'Berlin', total: 6.5 }]);
    expect(entry.query).not.toContain('region');
    expect(entry.applied_filters).toEqual([{ column: 'city' }, { column: '__time_grain' }]);
    expect(entry.rejected_filters).toEqual([{ reason: 'not_in_datasource', column: 'region' }]);
  });

  it('does not share a cached answer between queries with different reports', async () => {
    const first = await request(
      'POST',
      '/api/v1/chart/data',
      world.alice,
      byCity([
        { col: 'city', op: 'IN', val: ['Москва'], isExtra: true },
        { col: 'country', op: 'IN', val: ['RU'], isExtra: true },
      ]),
    );
    const second = await request(
      'POST',
      '/api/v1/chart/data',
      world.alice,
      byCity([{ col: 'city', op: 'IN', val: ['Москва'], isExtra: true }]),
    );
    expect(first.body.result[0].rejected_filters).toEqual([
      { reason: 'not_in_datasource', column: 'country' },
    ]);
    expect(second.body.result[0].rejected_filters).toEqual([]);
    expect(second.body.result[0].cache_key).not.toBe(first.body.result[0].cache_key);
  });

  it("still refuses the chart's own filter on an unknown column", async () => {
    const response = await request(
      'POST',
      '/api/v1/chart/data',
      world.alice,
      byCity([{ col: 'region', op: 'IN', val: ['EU'] }]),
    );
    expect(response.status).toBe(400);
  });

  it('reports a time range on a dataset without time columns as rejected', async () => {
    const response = await request('POST', '/api/v1/chart/data', world.admin, {
      datasource: { id: world.secretId, type: 'table' },
      queries: [{ columns: ['x'], time_range: 'Last week', filters: [] }],
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.result[0].applied_filters).toEqual([]);
    expect(response.body.result[0].rejected_filters).toEqual([
      { reason: 'no_temporal_column', column: '__time_range' },
    ]);
  });

  it('needs a login and data access', async () => {
    expect((await request('POST', '/api/v1/chart/data', {}, byCity([]))).status).toBe(401);
    expect((await request('POST', '/api/v1/chart/data', world.carol, byCity([]))).status).toBe(403);
  });
});
