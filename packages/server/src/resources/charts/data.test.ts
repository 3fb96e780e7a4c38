import { beforeAll, expect, it } from 'vitest';
import { HttpError } from '../../http/errors.ts';
import { loadPrincipal } from '../../security/principal.ts';
import { createRole } from '../../testing/fixtures.ts';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { NO_QUERY_CONTEXT, savedChartQueryContext } from './savedChartQuery.ts';
import {
  buildWorld,
  type Request,
  requester,
  tableFormData,
  tableQueryContext,
  type World,
} from './testFixtures.ts';

const TOTALS = [
  { city: 'Москва', total: 30.5 },
  { city: "St. John's", total: 7 },
  { city: 'Berlin', total: 6.5 },
  { city: null, total: 3 },
];

describeEachMetastore("a saved chart's data", (harness) => {
  let world: World;
  let request: Request;
  let savedContextChart: number;
  let formDataOnlyChart: number;
  let emptyChart: number;
  let noCsv: Headers;

  const create = async (body: Record<string, unknown>) => {
    const response = await request('POST', '/api/v1/chart/', world.alice, {
      viz_type: 'table',
      datasource_id: world.ordersId,
      datasource_type: 'table',
      ...body,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    savedContextChart = await create({
      slice_name: 'Saved context',
      params: JSON.stringify(tableFormData(world.ordersId)),
      query_context: JSON.stringify(tableQueryContext(world.ordersId)),
    });
    formDataOnlyChart = await create({
      slice_name: 'Form data only',
      params: JSON.stringify(tableFormData(world.ordersId)),
    });
    emptyChart = await create({ slice_name: 'Nothing saved', params: '{}' });
    await createRole(harness(), 'chart_reader_without_csv', [['can_read', 'Chart']]);
    await harness().createUser({ username: 'dave', roles: ['chart_reader_without_csv', 'orders_reader'] });
    noCsv = await harness().bearer('dave', 'password123');
  }, 120_000);

  it('runs the saved query context', async () => {
    const response = await request('GET', `/api/v1/chart/${savedContextChart}/data/`, world.alice);
    expect(response.status).toBe(200);
    const [entry] = response.body.result;
    expect(entry.colnames).toEqual(['city', 'total']);
    expect(entry.data).toEqual(TOTALS);
    expect(entry.status).toBe('success');
  });

  it('builds the query from the saved form data when no query context was saved', async () => {
    const response = await request('GET', `/api/v1/chart/${formDataOnlyChart}/data/`, world.alice);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const [entry] = response.body.result;
    expect(entry.colnames).toEqual(['city', 'total']);
    expect(entry.data).toEqual(TOTALS);
  });

  it('answers other result types and caches unless forced', async () => {
    const query = await request('GET', `/api/v1/chart/${savedContextChart}/data/?type=query`, world.alice);
    expect(query.status).toBe(200);
    expect(query.body.result[0].query).toMatch(/SUM\("amount"\)/);
    const first = await request('GET', `/api/v1/chart/${savedContextChart}/data/?type=results`, world.alice);
    expect(first.body.result[0]).toEqual({
      data: TOTALS,
      colnames: ['city', 'total'],
      coltypes: [1, 0],
      rowcount: 4,
      sql_rowcount: 4,
      timings: expect.objectContaining({ cache: 'miss' }),
    });
    const cached = await request('GET', `/api/v1/chart/${savedContextChart}/data/`, world.alice);
    expect(cached.body.result[0].is_cached).toBe(true);
    expect(cached.body.result[0].timings).toMatchObject({ cache: 'hit', database_ms: 0 });
    const forced = await request('GET', `/api/v1/chart/${savedContextChart}/data/?force=true`, world.alice);
    expect(forced.body.result[0].is_cached).toBe(false);
    const badType = await request(
      'GET',
      `/api/v1/chart/${savedContextChart}/data/?type=sparkles`,
      world.alice,
    );
    expect(badType.status).toBe(400);
  });

  it('exports CSV and XLSX files for users with can_csv, and refuses the others', async () => {
    const csv = await request('GET', `/api/v1/chart/${savedContextChart}/data/?format=csv`, world.alice);
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toContain('attachment');
    expect(csv.text).toContain('Москва');
    expect(csv.text).toContain('city');
    const xlsx = await harness().app.inject({
      method: 'GET',
      url: `/api/v1/chart/${savedContextChart}/data/?format=xlsx`,
      headers: world.alice,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const refused = await request('GET', `/api/v1/chart/${savedContextChart}/data/?format=csv`, noCsv);
    expect(refused.status).toBe(403);
    expect((await request('GET', `/api/v1/chart/${savedContextChart}/data/`, noCsv)).status).toBe(200);
  });

  it('answers 400 for a chart with neither a query context nor form data', async () => {
    const response = await request('GET', `/api/v1/chart/${emptyChart}/data/`, world.alice);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(NO_QUERY_CONTEXT);
  });

  it('answers 404 for an unknown chart and, alike, for a chart on a dataset the caller cannot query', async () => {
    const missing = await request('GET', '/api/v1/chart/999999/data/', world.alice);
    expect(missing.status).toBe(404);
    const carol = await request('GET', `/api/v1/chart/${savedContextChart}/data/`, world.carol);
    expect(carol.status).toBe(404);
    expect(carol.body).toEqual(missing.body);
  });

  it('gives the chart data flow a query context body with the overrides applied', async () => {
    const ctx = harness().ctx;
    const alice = (await loadPrincipal(ctx.metastore.db, world.userIds.alice))!;
    const body = (await savedChartQueryContext(ctx, alice, formDataOnlyChart, {
      result_format: 'csv',
      result_type: 'samples',
      force: true,
    })) as Record<string, unknown>;
    expect(body).toMatchObject({
      datasource: { id: world.ordersId, type: 'table' },
      result_format: 'csv',
      result_type: 'samples',
      force: true,
      form_data: { slice_id: formDataOnlyChart, slice_name: 'Form data only', viz_type: 'table' },
    });
    expect(Array.isArray(body.queries)).toBe(true);
    const plain = (await savedChartQueryContext(ctx, alice, savedContextChart)) as Record<string, unknown>;
    expect(plain).toMatchObject({ result_format: 'json', result_type: 'full', force: false });

    const carol = (await loadPrincipal(ctx.metastore.db, world.userIds.carol))!;
    const statusOf = (promise: Promise<unknown>) =>
      promise.then(
        () => 200,
        (error: unknown) => (error instanceof HttpError ? error.statusCode : 500),
      );
    expect(await statusOf(savedChartQueryContext(ctx, alice, 999999))).toBe(404);
    // A chart on a dataset carol cannot query is, to her, a missing chart.
    expect(await statusOf(savedChartQueryContext(ctx, carol, savedContextChart))).toBe(404);
    expect(await statusOf(savedChartQueryContext(ctx, alice, emptyChart))).toBe(400);
  });
});
