import type { ChartDataTimings } from '@vitrina/common/api/chartData';
import { dashboardChartQuery } from '@vitrina/common/viz/dashboardChartQuery';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPrincipal } from '../../security/principal.ts';
import { describeEachMetastore } from '../../testing/testApp.ts';
import {
  buildWorld,
  type Request,
  requester,
  tableFormData,
  tableQueryContext,
  type World,
} from '../charts/testFixtures.ts';
import { streamChartLines } from './lines.ts';

interface Line {
  key: string;
  status: number;
  result?: Array<{ data: Array<Record<string, unknown>>; rowcount: number; timings?: ChartDataTimings }>;
  message?: unknown;
  errors?: Array<{ error_type: string }>;
}

const linesOf = (text: string): Line[] =>
  text
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as Line);

const byKey = (lines: Line[]) => new Map(lines.map((line) => [line.key, line]));

describeEachMetastore('dashboard chart data (streamed)', (harness) => {
  let world: World;
  let request: Request;
  let dashboardId: number;
  const chartIds: number[] = [];
  let offBoardChart: number;
  let secretChart: number;
  /** A chart saved with real form data (total amount per city), asked for without a query context. */
  let savedChart: number;

  const url = (idOrSlug: string | number = dashboardId) => `/api/v1/dashboard/${idOrSlug}/chart_data`;
  const context = (rowLimit = 100) => {
    const base = tableQueryContext(world.ordersId);
    const [query] = base.queries as Array<Record<string, unknown>>;
    return { ...base, queries: [{ ...query, row_limit: rowLimit }] };
  };
  const createChart = async (
    dashboards: number[],
    datasourceId = world.ordersId,
    params: Record<string, unknown> = { datasource: `${datasourceId}__table`, viz_type: 'table' },
  ) => {
    const response = await request('POST', '/api/v1/chart/', world.admin, {
      slice_name: 'Orders by city',
      viz_type: String(params.viz_type),
      datasource_id: datasourceId,
      datasource_type: 'table',
      params: JSON.stringify(params),
      dashboards,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.id as number;
  };

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    const dashboard = await request('POST', '/api/v1/dashboard/', world.admin, {
      dashboard_title: 'Orders board',
      slug: 'orders-board',
      published: true,
    });
    expect(dashboard.status).toBe(201);
    dashboardId = dashboard.body.id;
    for (let i = 0; i < 3; i++) chartIds.push(await createChart([dashboardId]));
    secretChart = await createChart([dashboardId], world.secretId);
    offBoardChart = await createChart([]);
    savedChart = await createChart([dashboardId], world.ordersId, tableFormData(world.ordersId));
  }, 120_000);

  describe("a saved chart's query built on the server", () => {
    const moscow = { filters: [{ col: 'city', op: 'IN' as const, val: ['Москва'] }] };

    it('runs the saved form data, with the dashboard filters in scope applied', async () => {
      const response = await request('POST', url(), world.alice, {
        charts: [
          { key: 'all', slice_id: savedChart },
          { key: 'moscow', slice_id: savedChart, extra_form_data: moscow },
        ],
      });
      expect(response.status).toBe(200);
      const lines = byKey(linesOf(response.text));
      expect(lines.get('all')?.status).toBe(200);
      expect(lines.get('all')?.result?.[0]?.data).toHaveLength(4);
      expect(lines.get('moscow')?.result?.[0]?.data).toEqual([{ city: 'Москва', total: 30.5 }]);
    });

    it('answers what the page would get by sending the query it builds itself', async () => {
      const built = dashboardChartQuery(
        { ...tableFormData(world.ordersId), slice_id: savedChart } as never,
        moscow,
        false,
      );
      const response = await request('POST', url(), world.alice, {
        charts: [
          { key: 'server', slice_id: savedChart, extra_form_data: moscow },
          { key: 'page', slice_id: savedChart, query_context: built },
        ],
      });
      const lines = byKey(linesOf(response.text));
      const untimed = (line: Line | undefined) =>
        line?.result?.map(({ timings: _, ...entry }) => ({ ...entry, is_cached: undefined }));
      expect(untimed(lines.get('server'))).toEqual(untimed(lines.get('page')));
    });

    it("keeps the caller's row-level security on the query it builds", async () => {
      const db = harness().ctx.metastore.db;
      const role = await db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', 'orders_reader')
        .executeTakeFirstOrThrow();
      const created = await request('POST', '/api/v1/rowlevelsecurity/', world.admin, {
        name: 'Berlin only',
        filter_type: 'Regular',
        tables: [world.ordersId],
        roles: [role.id],
        clause: "city = 'Berlin'",
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      try {
        const response = await request('POST', url(), world.alice, {
          force: true,
          charts: [{ key: 'rls', slice_id: savedChart }],
        });
        expect(linesOf(response.text)[0]?.result?.[0]?.data).toEqual([{ city: 'Berlin', total: 6.5 }]);
      } finally {
        await request('DELETE', `/api/v1/rowlevelsecurity/${created.body.id}`, world.admin);
      }
    });

    it('answers a chart the caller may not query, or a type no plugin knows, on its own line', async () => {
      // The chart API refuses such a type; an imported chart can still carry one.
      const unknown = await createChart([dashboardId]);
      await harness()
        .ctx.metastore.db.updateTable('slices')
        .set({ viz_type: 'no_such_type' })
        .where('id', '=', unknown)
        .execute();
      const response = await request('POST', url(), world.alice, {
        charts: [
          { key: 'secret', slice_id: secretChart },
          { key: 'unknown', slice_id: unknown },
          { key: 'elsewhere', slice_id: offBoardChart },
        ],
      });
      const lines = byKey(linesOf(response.text));
      expect(lines.get('secret')?.status).toBe(403);
      expect(lines.get('unknown')).toEqual({
        key: 'unknown',
        status: 400,
        message: 'Unknown chart type: no_such_type',
      });
      expect(lines.get('elsewhere')?.status).toBe(404);
      const carol = await request('POST', url(), world.carol, {
        charts: [{ key: 'c', slice_id: savedChart }],
      });
      expect(linesOf(carol.text)[0]).toMatchObject({ key: 'c', status: 403 });
    });

    it('refuses filters given with a query context, or filters of an unknown shape, with 400', async () => {
      const both = await request('POST', url(), world.alice, {
        charts: [{ key: 'a', slice_id: savedChart, query_context: context(), extra_form_data: moscow }],
      });
      expect(both.status).toBe(400);
      expect(both.body.message).toEqual({
        charts: ['extra_form_data applies to the saved query: give it without query_context'],
      });
      const unknownKey = await request('POST', url(), world.alice, {
        charts: [{ key: 'a', slice_id: savedChart, extra_form_data: { where: '1=1' } }],
      });
      expect(unknownKey.status).toBe(400);
      const badFilters = await request('POST', url(), world.alice, {
        charts: [{ key: 'a', slice_id: savedChart, extra_form_data: { filters: 'city' } }],
      });
      expect(badFilters.status).toBe(400);
    });
  });

  it('streams one line per chart as newline-delimited JSON', async () => {
    const gzip = { ...world.alice, 'accept-encoding': 'gzip' };
    const response = await request('POST', url('orders-board'), gzip, {
      charts: chartIds.map((id, i) => ({ key: `c${id}`, slice_id: id, query_context: context(10 + i) })),
    });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson');
    expect(response.headers['content-encoding']).toBeUndefined();
    const lines = linesOf(response.text);
    expect(lines.map((line) => line.key).sort()).toEqual(chartIds.map((id) => `c${id}`).sort());
    for (const line of lines) {
      expect(line.status).toBe(200);
      expect(line.result?.[0]?.data).toContainEqual({ city: 'Москва', total: 30.5 });
    }
  });

  it('answers a failing chart on its own line while the others run', async () => {
    const [first, second] = chartIds as [number, number];
    const broken = { ...context(), queries: [{ columns: ['no_such_column'], metrics: [], row_limit: 5 }] };
    const response = await request('POST', url(), world.alice, {
      charts: [
        { key: 'good', slice_id: first, query_context: context() },
        { key: 'broken', slice_id: second, query_context: broken },
        { key: 'secret', slice_id: secretChart, query_context: tableQueryContext(world.secretId) },
        { key: 'elsewhere', slice_id: offBoardChart, query_context: context() },
        { key: 'missing', slice_id: 999_999, query_context: context() },
      ],
    });
    expect(response.status).toBe(200);
    const lines = byKey(linesOf(response.text));
    expect(lines.size).toBe(5);
    expect(lines.get('good')?.status).toBe(200);
    expect(lines.get('broken')?.status).toBe(400);
    expect(lines.get('broken')?.message).toEqual(expect.stringContaining('no_such_column'));
    expect(lines.get('secret')?.status).toBe(403);
    expect(lines.get('secret')?.errors?.[0]?.error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    expect(lines.get('elsewhere')).toEqual({
      key: 'elsewhere',
      status: 404,
      message: 'Chart not found on this dashboard',
    });
    expect(lines.get('missing')?.status).toBe(404);
  });

  it('runs identical queries once, even when forced past the cache', async () => {
    const cache = harness().ctx.platform.cache;
    // A run's entry is written by set, or by setEncoded when its result's text was already made.
    const set = vi.spyOn(cache, 'set');
    const setEncoded = vi.spyOn(cache, 'setEncoded');
    try {
      const response = await request('POST', url(), world.admin, {
        force: true,
        // More charts than the user's concurrency slots: the later ones start after the first run ended.
        charts: [...chartIds, ...chartIds].map((id, i) => ({
          key: String(i),
          slice_id: id,
          query_context: context(77),
        })),
      });
      const lines = linesOf(response.text);
      expect(lines.map((line) => line.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const writes = [...set.mock.calls, ...setEncoded.mock.calls].filter(([key]) =>
        String(key).startsWith('chart-data:'),
      );
      expect(writes).toHaveLength(1);
      // The same run's result; each line's timings are its own (their totals differ).
      const untimed = (line: Line | undefined) => line?.result?.map(({ timings: _, ...entry }) => entry);
      expect(untimed(lines[0])).toEqual(untimed(lines[2]));
      expect(lines[2]?.result?.[0]?.timings?.database_ms).toBe(lines[0]?.result?.[0]?.timings?.database_ms);
    } finally {
      set.mockRestore();
      setEncoded.mockRestore();
    }
  });

  it('refuses a bad body with 400 before streaming', async () => {
    const [first] = chartIds as [number];
    const missing = await request('POST', url(), world.admin, {});
    expect(missing.status).toBe(400);
    expect(missing.headers['content-type']).toContain('application/json');
    const badId = await request('POST', url(), world.admin, {
      charts: [{ key: 'a', slice_id: 'one', query_context: context() }],
    });
    expect(badId.status).toBe(400);
    const duplicate = await request('POST', url(), world.admin, {
      charts: [
        { key: 'a', slice_id: first, query_context: context() },
        { key: 'a', slice_id: first, query_context: context() },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.message).toEqual({ charts: ['Chart keys must be unique'] });
  });

  it('refuses a dashboard the user may not see (403), an unknown one (404) and anonymous callers (401)', async () => {
    const draft = await request('POST', '/api/v1/dashboard/', world.admin, { dashboard_title: 'Hidden' });
    const body = { charts: [] };
    const hidden = await request('POST', url(draft.body.id), world.alice, body);
    expect(hidden.status).toBe(403);
    expect(hidden.body.message).toBe("You don't have access to this dashboard.");
    expect((await request('POST', url('no-such-board'), world.alice, body)).status).toBe(404);
    expect((await request('POST', url(), {}, body)).status).toBe(401);
  });

  it('gives a user without data access a 403 line per chart', async () => {
    const [first] = chartIds as [number];
    const response = await request('POST', url(), world.carol, {
      charts: [{ key: 'x', slice_id: first, query_context: context() }],
    });
    expect(response.status).toBe(200);
    expect(linesOf(response.text)[0]).toMatchObject({ key: 'x', status: 403 });
  });

  it('describes the stream in the OpenAPI document', async () => {
    const document = await request('GET', '/api/v1/_openapi', {});
    const operation = document.body.paths['/api/v1/dashboard/{id_or_slug}/chart_data'].post;
    expect(operation.responses['200'].description).toContain('Newline-delimited JSON');
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/x-ndjson']);
  });

  describe('when the client goes away', () => {
    it('starts no more charts', async () => {
      const aborted = new AbortController();
      aborted.abort();
      const emitted: unknown[] = [];
      const admin = await harness()
        .ctx.metastore.db.selectFrom('users')
        .select('id')
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      const principal = await loadPrincipal(harness().ctx.metastore.db, admin.id);
      await streamChartLines(
        harness().ctx,
        {
          principal: principal as NonNullable<typeof principal>,
          sliceIds: new Set(chartIds),
          savedFormData: new Map(),
          charts: chartIds.map((id) => ({ key: String(id), slice_id: id, query_context: context(3) })),
          force: true,
          signal: aborted.signal,
          log: harness().app.log,
        },
        (line) => emitted.push(line),
      );
      expect(emitted).toEqual([]);
    });
  });
});
