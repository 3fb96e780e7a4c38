import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startWorker } from '../../processes/worker.ts';
import { issueGuestToken } from '../../security/guestToken.ts';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard, layoutWith } from '../dashboards/testWorld.ts';

/**
 * Embedded dashboards end to end through the API: the configuration, guest tokens, and what a guest
 * reaches — only the token's dashboards, every query path under the token's row-level security, no
 * owners and no SQL — and the tokens that are refused.
 */

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-embedded-web-'));
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Vitrina</title>');
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const BERLIN_ONLY = "city = 'Berlin'";

describeEachMetastore(
  'embedded dashboards and guest tokens',
  (harness) => {
    let world: World;
    let request: Request;
    let boardId: number;
    let otherBoardId: number;
    let plainBoardId: number;
    let chartIds: number[];
    let secretChartId: number;
    let uuid: string;

    const embedUrl = (id: number | string) => `/api/v1/dashboard/${id}/embedded`;
    const guest = (token: string) => ({ 'x-guesttoken': token });
    const grant = async (body: Record<string, unknown>) =>
      request('POST', '/api/v1/security/guest_token/', world.admin, body);
    const tokenFor = async (rls: Array<Record<string, unknown>> = [{ clause: BERLIN_ONLY }]) => {
      const response = await grant({
        user: { username: 'host-user' },
        resources: [{ type: 'dashboard', id: uuid }],
        rls,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.token as string;
    };
    const chartData = (datasetId: number, extra: Record<string, unknown> = {}) => ({
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: ['city'], metrics: [], row_limit: 100, orderby: [['city', true]] }],
      result_format: 'json',
      result_type: 'full',
      ...extra,
    });
    const cities = (body: { result: Array<{ data: Array<{ city: string | null }> }> }) =>
      [...new Set(body.result[0]!.data.map((row) => row.city))].sort();

    beforeAll(async () => {
      request = requester(harness);
      world = await buildWorld(harness());
      chartIds = [
        await createChart(request, world.admin, world.ordersId, 'Orders A'),
        await createChart(request, world.admin, world.ordersId, 'Orders B'),
      ];
      secretChartId = await createChart(request, world.admin, world.secretId, 'Secret');
      boardId = await createDashboard(request, world.admin, {
        dashboard_title: 'Embedded board',
        position_json: layoutWith(chartIds),
        published: false,
      });
      otherBoardId = await createDashboard(request, world.admin, {
        dashboard_title: 'Secret board',
        position_json: layoutWith([secretChartId]),
        published: true,
      });
      plainBoardId = await createDashboard(request, world.admin, {
        dashboard_title: 'Not embedded',
        position_json: layoutWith([secretChartId]),
        published: true,
      });
      const other = await request('POST', embedUrl(otherBoardId), world.admin, { allowed_domains: [] });
      expect(other.status).toBe(200);
    }, 120_000);

    it('configures embedding: admins only, domains checked, the uuid kept across edits, removed at once', async () => {
      expect((await request('GET', embedUrl(boardId), world.admin)).status).toBe(404);
      expect((await request('POST', embedUrl(boardId), world.alice, { allowed_domains: [] })).status).toBe(
        403,
      );
      expect((await request('POST', embedUrl(boardId), {}, { allowed_domains: [] })).status).toBe(401);
      const bad = await request('POST', embedUrl(boardId), world.admin, {
        allowed_domains: ['https://ok.example', 'javascript:alert(1)', 'https://host.example/path'],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.message.allowed_domains).toHaveLength(2);
      expect((await request('GET', embedUrl(boardId), world.admin)).status).toBe(404);

      const created = await request('POST', embedUrl(boardId), world.admin, {
        allowed_domains: ['https://host.example/', 'https://host.example'],
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.result).toMatchObject({
        allowed_domains: ['https://host.example'],
        dashboard_id: String(boardId),
        changed_by: { username: 'admin' },
      });
      uuid = created.body.result.uuid;
      const edited = await request('PUT', embedUrl(boardId), world.admin, {
        allowed_domains: ['https://host.example', 'http://127.0.0.1:9999'],
      });
      expect(edited.body.result.uuid).toBe(uuid);
      expect(edited.body.result.allowed_domains).toEqual(['https://host.example', 'http://127.0.0.1:9999']);
      const read = await request('GET', `/api/v1/embedded_dashboard/${uuid}`, world.admin);
      expect(read.body.result.dashboard_id).toBe(String(boardId));
      expect((await request('GET', '/api/v1/embedded_dashboard/not-a-uuid', world.admin)).status).toBe(404);
    });

    it('grants guest tokens to admins only, for embedded dashboards and existing datasets', async () => {
      const body = { resources: [{ type: 'dashboard', id: uuid }], rls: [] };
      expect((await request('POST', '/api/v1/security/guest_token/', world.alice, body)).status).toBe(403);
      expect((await request('POST', '/api/v1/security/guest_token/', {}, body)).status).toBe(401);
      const unknown = await grant({ resources: [{ type: 'dashboard', id: plainBoardId }], rls: [] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('EmbeddedDashboard not found.');
      expect((await grant({ resources: [], rls: [] })).status).toBe(400);
      expect((await grant({ resources: [{ type: 'chart', id: uuid }], rls: [] })).status).toBe(400);
      const noDataset = await grant({
        resources: [{ type: 'dashboard', id: uuid }],
        rls: [{ dataset: 99999, clause: '1=1' }],
      });
      expect(noDataset.status).toBe(400);

      const token = await tokenFor([{ dataset: world.ordersId, clause: BERLIN_ONLY }]);
      const claims = decodeJwt(token);
      expect(claims).toMatchObject({
        type: 'guest',
        aud: 'vitrina',
        user: { username: 'host-user' },
        resources: [{ type: 'dashboard', id: uuid }],
        rls_rules: [{ dataset: world.ordersId, clause: BERLIN_ONLY }],
      });
      expect(claims.exp! - claims.iat!).toBe(300);
    });

    it("shows a guest the token's dashboard without owners, and nothing outside it", async () => {
      const token = await tokenFor();
      const board = await request('GET', `/api/v1/dashboard/${boardId}`, guest(token));
      expect(board.status, JSON.stringify(board.body)).toBe(200);
      expect(board.body.result.owners).toEqual([]);
      expect(board.body.result.changed_by).toBeNull();
      expect(board.body.result.created_by).toBeNull();
      const charts = await request('GET', `/api/v1/dashboard/${boardId}/charts`, guest(token));
      expect(charts.body.result.map((chart: { id: number }) => chart.id).sort()).toEqual(
        [...chartIds].sort(),
      );
      const datasets = await request('GET', `/api/v1/dashboard/${boardId}/datasets`, guest(token));
      expect(datasets.body.result[0].sql).toBeNull();
      expect(datasets.body.result[0].owners).toEqual([]);

      expect((await request('GET', `/api/v1/dashboard/${otherBoardId}`, guest(token))).status).toBe(403);
      expect((await request('GET', `/api/v1/dashboard/${plainBoardId}`, guest(token))).status).toBe(403);
      const list = await request('GET', '/api/v1/dashboard/', guest(token));
      expect(list.body.result.map((row: { id: number }) => row.id)).toEqual([boardId]);
      expect((await request('GET', `/api/v1/chart/${secretChartId}`, guest(token))).status).toBe(404);
      expect((await request('GET', `/api/v1/dataset/${world.ordersId}`, guest(token))).status).toBe(403);
      expect((await request('GET', '/api/v1/database/', guest(token))).status).toBe(403);
      expect(
        (await request('POST', '/api/v1/dashboard/', guest(token), { dashboard_title: 'x' })).status,
      ).toBe(403);
      const secret = await request('POST', '/api/v1/chart/data', guest(token), chartData(world.secretId));
      expect(secret.status).toBe(403);
    });

    it("ANDs the token's row-level security into every query path, and never shows the SQL", async () => {
      const token = await tokenFor();
      const data = await request('POST', '/api/v1/chart/data', guest(token), chartData(world.ordersId));
      expect(data.status, JSON.stringify(data.body)).toBe(200);
      expect(cities(data.body)).toEqual(['Berlin']);
      expect(data.body.result[0]).not.toHaveProperty('query');
      // The same query as an admin: every city, so the clause above is the token's doing.
      const asAdmin = await request('POST', '/api/v1/chart/data', world.admin, chartData(world.ordersId));
      expect(cities(asAdmin.body).length).toBeGreaterThan(1);

      const sqlText = await request(
        'POST',
        '/api/v1/chart/data',
        guest(token),
        chartData(world.ordersId, { result_type: 'query' }),
      );
      expect(sqlText.status).toBe(403);

      const csv = await request(
        'POST',
        '/api/v1/chart/data',
        guest(token),
        chartData(world.ordersId, { result_format: 'csv' }),
      );
      expect(csv.status).toBe(200);
      expect(csv.text).toContain('Berlin');
      expect(csv.text).not.toContain('Москва');

      const stream = await request('POST', `/api/v1/dashboard/${boardId}/chart_data`, guest(token), {
        charts: [{ key: 'a', slice_id: chartIds[0], query_context: chartData(world.ordersId) }],
      });
      expect(stream.status).toBe(200);
      const line = JSON.parse(stream.text.split('\n')[0]!);
      expect([...new Set(line.result[0].data.map((row: { city: string }) => row.city))]).toEqual(['Berlin']);
      expect(line.result[0]).not.toHaveProperty('query');

      const values = await request(
        'GET',
        `/api/v1/datasource/table/${world.ordersId}/column/city/values/`,
        guest(token),
      );
      expect(values.status, JSON.stringify(values.body)).toBe(200);
      expect(values.body.result).toEqual(['Berlin']);

      const drill = await request(
        'POST',
        `/datasource/samples?datasource_id=${world.ordersId}&datasource_type=table`,
        guest(token),
        { filters: [] },
      );
      expect(drill.status, JSON.stringify(drill.body)).toBe(200);
      expect(new Set(drill.body.result.data.map((row: { city: string }) => row.city))).toEqual(
        new Set(['Berlin']),
      );

      // A rule for another dataset leaves this one alone.
      const other = await tokenFor([{ dataset: world.secretId, clause: '1 = 0' }]);
      const unfiltered = await request('POST', '/api/v1/chart/data', guest(other), chartData(world.ordersId));
      expect(cities(unfiltered.body).length).toBeGreaterThan(1);
    });

    it("runs a guest's async query as that guest, on the token's own channel", async () => {
      const ctx = harness().ctx;
      ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = true;
      const worker = startWorker(ctx, { info: () => undefined });
      try {
        const token = await tokenFor();
        const submitted = await request(
          'POST',
          '/api/v1/chart/data',
          guest(token),
          chartData(world.ordersId, { force: true }),
        );
        expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
        const jobId = submitted.body.job_id as string;
        let done: Record<string, unknown> | undefined;
        await vi.waitFor(
          async () => {
            const events = await request('GET', '/api/v1/async_event/', guest(token));
            done = (events.body.result as Array<Record<string, unknown>>).find(
              (event) => event.job_id === jobId,
            );
            expect(done?.status).toBe('done');
          },
          { timeout: 15_000, interval: 50 },
        );
        const results = await request('GET', String(done!.result_url), guest(token));
        expect(results.status).toBe(200);
        expect(cities(results.body)).toEqual(['Berlin']);
        expect(results.body.result[0]).not.toHaveProperty('query');
        // Another guest's token has another channel.
        const other = await tokenFor([{ clause: '1 = 1' }]);
        const theirs = await request('GET', '/api/v1/async_event/', guest(other));
        expect(
          (theirs.body.result as Array<{ job_id: string }>).some((event) => event.job_id === jobId),
        ).toBe(false);
      } finally {
        ctx.config.featureFlags.GLOBAL_ASYNC_QUERIES = false;
        await worker.stop();
      }
    });

    it('refuses expired, forged and foreign-audience tokens, and a removed embedding', async () => {
      const settings = harness().ctx.config.guestTokens;
      const claims = {
        user: { username: 'x' },
        resources: [{ type: 'dashboard', id: uuid }],
        rls_rules: [],
        type: 'guest',
      };
      const key = (secret: string) => new TextEncoder().encode(secret);
      const serverKey = key(`guest-token:${harness().ctx.secretKey}`);
      const expired = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
        .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
        .setAudience(settings.audience)
        .sign(serverKey);
      const forged = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .setAudience(settings.audience)
        .sign(key('not-our-secret'));
      const foreign = await issueGuestToken(
        { ...settings, audience: 'someone-else' },
        harness().ctx.secretKey,
        {
          user: { username: 'x', first_name: '', last_name: '' },
          resources: [{ type: 'dashboard', id: uuid }],
          rls: [],
        },
      );
      const notGuest = await new SignJWT({ ...claims, type: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('5m')
        .setAudience(settings.audience)
        .sign(serverKey);
      for (const token of [expired, forged, foreign, notGuest, 'not a token']) {
        const response = await request('GET', `/api/v1/dashboard/${boardId}`, guest(token));
        expect(response.status).toBe(401);
      }

      const token = await tokenFor();
      const removable = await createDashboard(request, world.admin, {
        dashboard_title: 'Briefly embedded',
        position_json: layoutWith([chartIds[0]!]),
      });
      const embedded = await request('POST', embedUrl(removable), world.admin, { allowed_domains: [] });
      const briefToken = (
        await grant({ resources: [{ type: 'dashboard', id: embedded.body.result.uuid }], rls: [] })
      ).body.token as string;
      expect((await request('GET', `/api/v1/dashboard/${removable}`, guest(briefToken))).status).toBe(200);
      expect((await request('DELETE', embedUrl(removable), world.admin)).body).toEqual({ message: 'OK' });
      expect((await request('GET', `/api/v1/dashboard/${removable}`, guest(briefToken))).status).toBe(403);
      expect((await request('GET', `/api/v1/dashboard/${boardId}`, guest(token))).status).toBe(200);
    });

    it('serves the embedded page only to its allowed sites, framed by them alone', async () => {
      const page = (referer?: string) =>
        harness().app.inject({
          method: 'GET',
          url: `/embedded/${uuid}?uiConfig=1`,
          headers: referer ? { referer } : {},
        });
      const allowed = await page('https://host.example/some/page');
      expect(allowed.statusCode).toBe(200);
      expect(allowed.headers['content-security-policy']).toContain(
        'frame-ancestors https://host.example http://127.0.0.1:9999',
      );
      expect(allowed.headers['x-frame-options']).toBeUndefined();
      expect((await page('https://evil.example/')).statusCode).toBe(403);
      expect((await page()).statusCode).toBe(403);
      const anySite = await request('GET', embedUrl(otherBoardId), world.admin);
      const open = await harness().app.inject({
        method: 'GET',
        url: `/embedded/${anySite.body.result.uuid}`,
      });
      expect(open.statusCode).toBe(200);
      expect(open.headers['content-security-policy']).toContain('frame-ancestors *');
      const unknown = await harness().app.inject({
        method: 'GET',
        url: '/embedded/00000000-0000-4000-8000-000000000000',
      });
      expect(unknown.statusCode).toBe(404);
      // Every other page keeps refusing frames.
      const home = await harness().app.inject({ method: 'GET', url: '/' });
      expect(home.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    });
  },
  { webDistDir: webDist },
);

describeEachMetastore(
  'embedding switched off',
  (harness) => {
    it('answers 404 and ignores guest tokens', async () => {
      const request = requester(harness);
      const admin = await harness().bearer('admin', 'admin-password');
      expect((await request('GET', '/api/v1/dashboard/1/embedded', admin)).status).toBe(404);
      const grant = await request('POST', '/api/v1/security/guest_token/', admin, {
        resources: [{ type: 'dashboard', id: '1' }],
        rls: [],
      });
      expect(grant.status).toBe(404);
      const token = await issueGuestToken(harness().ctx.config.guestTokens, harness().ctx.secretKey, {
        user: { username: 'x', first_name: '', last_name: '' },
        resources: [{ type: 'dashboard', id: '1' }],
        rls: [],
      });
      expect((await request('GET', '/api/v1/dashboard/', { 'x-guesttoken': token })).status).toBe(401);
    });
  },
  { config: { featureFlags: { EMBEDDED_SUPERSET: false } } },
);
