import JSZip from 'jszip';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { exportZip, multipart } from '../../testing/multipart.ts';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { buildWorld, q, type Request, requester, type World } from '../charts/testFixtures.ts';
import { chartIdsOf, createChart, createDashboard, layoutWith } from './testWorld.ts';

describeEachMetastore('dashboards API: export and import', (harness) => {
  let world: World;
  let request: Request;
  let board: number;
  let chart: number;
  let exported: Buffer;

  const importZip = async (headers: Headers, file: Buffer | null, fields: Record<string, string> = {}) => {
    const body = multipart(fields, file ? exportZip(file) : undefined);
    const response = await harness().app.inject({
      method: 'POST',
      url: '/api/v1/dashboard/import/',
      headers: { ...headers, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const dashboardRow = (uuid: string) =>
    harness()
      .ctx.metastore.db.selectFrom('dashboards')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirst();

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    chart = await createChart(request, world.alice, world.ordersId, 'Revenue by city');
    board = await createDashboard(request, world.alice, {
      dashboard_title: 'Sales board',
      dashboard_title_ru: 'Продажи',
      slug: 'sales-board',
      published: true,
      position_json: layoutWith([chart]),
      json_metadata: JSON.stringify({ timed_refresh_immune_slices: [chart] }),
    });
  }, 120_000);

  describe('export', () => {
    it('answers a ZIP of YAML: metadata, the dashboard, its charts and dataset references', async () => {
      const response = await harness().app.inject({
        method: 'GET',
        url: `/api/v1/dashboard/export/?q=${q([board])}`,
        headers: world.alice,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename=dashboard_export_\d{8}T\d{6}\.zip$/,
      );
      exported = response.rawPayload;
      const zip = await JSZip.loadAsync(exported);
      const names = Object.keys(zip.files).map((name) => name.slice(name.indexOf('/') + 1));
      expect(names).toEqual(
        expect.arrayContaining([
          'metadata.yaml',
          `dashboards/Sales_board_${board}.yaml`,
          `charts/Revenue_by_city_${chart}.yaml`,
          `datasets/worlddb/orders_${world.ordersId}.yaml`,
        ]),
      );
      const file = (suffix: string) =>
        Object.values(zip.files)
          .find((entry) => entry.name.endsWith(suffix))!
          .async('string');
      expect(parse(await file('metadata.yaml'))).toMatchObject({ type: 'Dashboard', version: '1.0.0' });
      const dashboard = parse(await file(`Sales_board_${board}.yaml`));
      const chartYaml = parse(await file(`Revenue_by_city_${chart}.yaml`));
      expect(dashboard).toMatchObject({
        dashboard_title: 'Sales board',
        dashboard_title_ru: 'Продажи',
        slug: 'sales-board',
      });
      expect(dashboard.position[`CHART-${chart}`].meta).toMatchObject({
        chartId: chart,
        uuid: chartYaml.uuid,
      });
      expect(chartYaml).toMatchObject({ slice_name: 'Revenue by city', viz_type: 'table' });
      const dataset = parse(await file(`orders_${world.ordersId}.yaml`));
      expect(chartYaml.dataset_uuid).toBe(dataset.uuid);
      expect(JSON.stringify(dataset)).not.toMatch(/duckdb|sqlalchemy_uri|password/);
    });

    it('answers 404 for no dashboard, 403 for a hidden one or without can_export', async () => {
      const get = (ids: number[], headers: Headers) =>
        request('GET', `/api/v1/dashboard/export/?q=${q(ids)}`, headers);
      expect((await get([board, 987654], world.alice)).status).toBe(404);
      const draft = await createDashboard(request, world.admin, { dashboard_title: 'Hidden' });
      expect((await get([draft], world.alice)).status).toBe(403);
      expect((await get([board], world.viewer)).status).toBe(403);
    });
  });

  describe('import', () => {
    it('refuses a dashboard that exists unless overwrite is passed (422), then replaces it', async () => {
      const uuid = (await dashboardRow(
        (
          await request('GET', `/api/v1/dashboard/${board}`, world.alice)
        ).body.result.uuid,
      ))!.uuid;
      await request('PUT', `/api/v1/dashboard/${board}`, world.alice, { dashboard_title: 'Renamed' });
      const refused = await importZip(world.alice, exported);
      expect(refused.status).toBe(422);
      expect(refused.body.errors[0]).toMatchObject({
        message: 'Error importing dashboard',
        error_type: 'GENERIC_COMMAND_ERROR',
      });
      expect(Object.values(refused.body.errors[0].extra)).toContain(
        'Dashboard already exists and `overwrite=true` was not passed',
      );
      expect((await dashboardRow(uuid))!.dashboard_title).toBe('Renamed');
      const replaced = await importZip(world.alice, exported, { overwrite: 'true' });
      expect(replaced).toEqual({ status: 200, body: { message: 'OK' } });
      expect((await dashboardRow(uuid))!.dashboard_title).toBe('Sales board');
      expect(await chartIdsOf(harness(), board)).toEqual([chart]);
    });

    it('creates what is missing, matched by uuid, and points the layout at the new chart', async () => {
      const uuid = (await dashboardRow(
        (
          await request('GET', `/api/v1/dashboard/${board}`, world.alice)
        ).body.result.uuid,
      ))!.uuid;
      expect((await request('DELETE', `/api/v1/dashboard/${board}`, world.alice)).status).toBe(200);
      expect((await request('DELETE', `/api/v1/chart/${chart}`, world.alice)).status).toBe(200);
      const imported = await importZip(world.bob, exported);
      expect(imported.status, JSON.stringify(imported.body)).toBe(200);
      const row = (await dashboardRow(uuid))!;
      const [newChart] = await chartIdsOf(harness(), row.id);
      expect(newChart).toBeDefined();
      const shown = await request('GET', `/api/v1/dashboard/${row.id}`, world.bob);
      expect(shown.body.result).toMatchObject({
        dashboard_title: 'Sales board',
        dashboard_title_ru: 'Продажи',
        owners: [{ id: world.userIds.bob }],
      });
      const layout = JSON.parse(shown.body.result.position_json);
      expect(
        Object.values(layout).find((node) => (node as { type?: string }).type === 'CHART'),
      ).toMatchObject({
        meta: { chartId: newChart },
      });
      expect(JSON.parse(shown.body.result.json_metadata).timed_refresh_immune_slices).toEqual([newChart]);
      const charts = await request('GET', `/api/v1/dashboard/${row.id}/charts`, world.bob);
      expect(charts.body.result[0].form_data.datasource).toBe(`${world.ordersId}__table`);
      // Replacing someone else's dashboard is refused.
      const foreign = await importZip(world.alice, exported, { overwrite: 'true' });
      expect(foreign.status).toBe(403);
    });

    it('refuses bad files, unknown datasets and callers without can_write, writing nothing', async () => {
      const count = async () =>
        (await harness().ctx.metastore.db.selectFrom('dashboards').select('id').execute()).length;
      const before = await count();
      expect((await importZip(world.alice, Buffer.from('not a zip'))).status).toBe(400);
      expect((await importZip(world.alice, null)).status).toBe(400);
      const zip = await JSZip.loadAsync(exported);
      const chartEntry = Object.values(zip.files).find(
        (entry) => entry.name.includes('/charts/') && !entry.dir,
      )!;
      const chartYaml = parse(await chartEntry.async('string'));
      zip.file(
        chartEntry.name,
        stringify({ ...chartYaml, uuid: 'c0ffee00-0000-4000-8000-000000000000', dataset_uuid: 'nope' }),
      );
      const dashboardEntry = Object.values(zip.files).find(
        (entry) => entry.name.includes('/dashboards/') && !entry.dir,
      )!;
      const dashboardYaml = parse(await dashboardEntry.async('string'));
      zip.file(
        dashboardEntry.name,
        stringify({ ...dashboardYaml, uuid: 'd0ffee00-0000-4000-8000-000000000000', slug: null }),
      );
      const broken = await zip.generateAsync({ type: 'nodebuffer' });
      const unknownDataset = await importZip(world.alice, broken);
      expect(unknownDataset.status).toBe(422);
      expect(
        Object.values(unknownDataset.body.errors[0].extra),
        JSON.stringify(unknownDataset.body),
      ).toContain('Dataset nope does not exist');
      const notDashboard = new JSZip();
      notDashboard.file('x/metadata.yaml', stringify({ version: '1.0.0', type: 'Chart' }));
      const wrongType = await importZip(
        world.alice,
        await notDashboard.generateAsync({ type: 'nodebuffer' }),
      );
      expect(wrongType.status).toBe(422);
      expect((await importZip(world.viewer, exported)).status).toBe(403);
      expect(await count()).toBe(before);
    });
  });
});
