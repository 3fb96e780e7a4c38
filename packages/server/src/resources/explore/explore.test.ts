import { FORM_DATA_VERSION } from '@vitrina/common';
import { Dataset, DatasetColumn, DatasetMetric } from '@vitrina/common/api/dataset';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRole, insertRlsRule } from '../../testing/fixtures.ts';
import { describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { buildWorld, type Request, requester, tableFormData, type World } from '../charts/testFixtures.ts';

/** A chart saved by Superset: no form data version, the legacy "include time" option. */
const legacyParams = (datasetId: number) => ({
  ...tableFormData(datasetId),
  granularity_sqla: 'placed_at',
  include_time: true,
  time_grain_sqla: 'P1M',
});

describeEachMetastore('explore helpers', (harness) => {
  let world: World;
  let request: Request;
  let chartId: number;

  beforeAll(async () => {
    request = requester(harness);
    world = await buildWorld(harness());
    await harness()
      .ctx.metastore.db.updateTable('dataset_columns')
      .set({ verbose_name: 'City', verbose_name_ru: 'Город' })
      .where('dataset_id', '=', world.ordersId)
      .where('column_name', '=', 'city')
      .execute();
    const created = await request('POST', '/api/v1/chart/', world.alice, {
      slice_name: 'Orders',
      slice_name_ru: 'Заказы',
      viz_type: 'table',
      datasource_id: world.ordersId,
      datasource_type: 'table',
      params: JSON.stringify(legacyParams(world.ordersId)),
    });
    expect(created.status).toBe(201);
    chartId = created.body.id;
  }, 120_000);

  describe('GET /api/v1/form_data/', () => {
    it("answers the chart's form data, upgraded by its chart type", async () => {
      const response = await request('GET', `/api/v1/form_data/?slice_id=${chartId}`, world.alice);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        slice_id: chartId,
        viz_type: 'table',
        datasource: `${world.ordersId}__table`,
        groupby: ['placed_at', 'city'],
        form_data_version: FORM_DATA_VERSION,
      });
      expect(response.body.include_time).toBeUndefined();
    });

    it('answers {} for an unknown chart, a bad id or a chart the caller cannot see', async () => {
      for (const [query, headers] of [
        ['?slice_id=999999', world.alice],
        ['?slice_id=abc', world.alice],
        ['', world.alice],
        [`?slice_id=${chartId}`, world.carol],
      ] as Array<[string, Headers]>) {
        const response = await request('GET', `/api/v1/form_data/${query}`, headers);
        expect(response).toMatchObject({ status: 200, body: {} });
      }
    });
  });

  describe('GET /api/v1/explore/', () => {
    it('opens a saved chart: migrated form data, the dataset as explore needs it, the chart', async () => {
      const response = await request('GET', `/api/v1/explore/?slice_id=${chartId}`, world.alice);
      expect(response.status).toBe(200);
      const { form_data, dataset, slice, message } = response.body.result;
      expect(message).toBeNull();
      expect(form_data).toMatchObject({
        slice_id: chartId,
        datasource: `${world.ordersId}__table`,
        groupby: ['placed_at', 'city'],
        form_data_version: FORM_DATA_VERSION,
      });
      expect(dataset).toMatchObject({
        id: world.ordersId,
        uid: `${world.ordersId}__table`,
        type: 'table',
        name: 'orders',
        datasource_name: 'orders',
        database: { id: world.databaseId, database_name: 'worlddb', backend: 'duckdb' },
        granularity_sqla: [['placed_at', 'placed_at']],
        verbose_map: expect.objectContaining({ city: 'City', amount: 'amount' }),
      });
      const city = dataset.columns.find((column: { column_name: string }) => column.column_name === 'city');
      expect(city).toMatchObject({ verbose_name: 'City', verbose_name_ru: 'Город', type_generic: 1 });
      expect(dataset.metrics.map((metric: { metric_name: string }) => metric.metric_name)).toEqual(['count']);
      expect(dataset.time_grain_sqla).toEqual(
        expect.arrayContaining([
          ['P1D', 'Day'],
          ['P1M', 'Month'],
        ]),
      );
      expect(dataset.order_by_choices).toEqual(expect.arrayContaining([['["city",true]', 'city [asc]']]));
      expect(slice).toMatchObject({
        slice_id: chartId,
        slice_name: 'Orders',
        slice_name_ru: 'Заказы',
        owners: [world.userIds.alice],
        dashboards: [],
        query_context: null,
        form_data: expect.objectContaining({ groupby: ['placed_at', 'city'] }),
      });
      expect(response.body.result.metadata).toMatchObject({
        owners: ['alice Test'],
        created_by: 'alice Test',
      });
    });

    it('opens a dataset for a new chart', async () => {
      const response = await request(
        'GET',
        `/api/v1/explore/?datasource_id=${world.ordersId}&datasource_type=table`,
        world.alice,
      );
      expect(response.status).toBe(200);
      expect(response.body.result).toMatchObject({
        form_data: { datasource: `${world.ordersId}__table` },
        slice: null,
        message: null,
        dataset: { id: world.ordersId, name: 'orders' },
      });
    });

    it('says when form data kept for a tab is gone, and falls back to the chart', async () => {
      const response = await request(
        'GET',
        `/api/v1/explore/?slice_id=${chartId}&form_data_key=gone`,
        world.alice,
      );
      expect(response.body.result.message).toBe('Form data not found in cache, reverting to chart metadata.');
      expect(response.body.result.slice.slice_id).toBe(chartId);
    });

    it('answers 403 without naming the datasource when the caller cannot query it, 404 for unknown charts', async () => {
      const byChart = await request('GET', `/api/v1/explore/?slice_id=${chartId}`, world.carol);
      expect(byChart.status).toBe(403);
      expect(byChart.body).toEqual({
        message:
          'This endpoint requires access to the datasource, its database or the `all_datasource_access` permission',
        datasource_id: world.ordersId,
        datasource_type: 'table',
      });
      const byDataset = await request(
        'GET',
        `/api/v1/explore/?datasource_id=${world.secretId}&datasource_type=table`,
        world.alice,
      );
      expect(byDataset.status).toBe(403);
      expect((await request('GET', '/api/v1/explore/?slice_id=999999', world.alice)).status).toBe(404);
      expect((await request('GET', '/api/v1/explore/', world.viewer)).status).toBe(200);
    });

    it('answers an empty dataset and a message for a dataset that is gone', async () => {
      const response = await request(
        'GET',
        '/api/v1/explore/?datasource_id=999999&datasource_type=table',
        world.admin,
      );
      expect(response.status).toBe(200);
      expect(response.body.result).toMatchObject({
        dataset: { id: 999999, name: '[Missing Dataset]', columns: [], metrics: [] },
        message: 'The dataset associated with this chart no longer exists',
      });
    });
  });

  describe('permalinks', () => {
    const state = () => ({
      formData: { ...tableFormData(world.ordersId), slice_id: chartId, row_limit: 5 },
      urlParams: [['standalone', '1']],
    });

    it('stores the state under an unguessable key and gives it back', async () => {
      const created = await request(
        'POST',
        '/api/v1/explore/permalink',
        {
          ...world.alice,
          origin: 'https://bi.example.com',
        },
        state(),
      );
      expect(created.status).toBe(201);
      const { key, url } = created.body;
      expect(key).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(url).toBe(`https://bi.example.com/superset/explore/p/${key}/`);
      const second = await request('POST', '/api/v1/explore/permalink', world.alice, state());
      expect(second.body.key).not.toBe(key);
      expect(second.body.url).toMatch(/^http:\/\/[^/]+\/superset\/explore\/p\//);

      const read = await request('GET', `/api/v1/explore/permalink/${key}`, world.bob);
      expect(read.status).toBe(200);
      expect(read.body).toEqual({
        chartId,
        datasourceId: world.ordersId,
        datasourceType: 'table',
        datasource: `${world.ordersId}__table`,
        state: state(),
      });

      const explore = await request('GET', `/api/v1/explore/?permalink_key=${key}`, world.alice);
      expect(explore.status).toBe(200);
      expect(explore.body.result.form_data).toMatchObject({
        row_limit: 5,
        slice_id: chartId,
        url_params: { standalone: '1' },
        form_data_version: FORM_DATA_VERSION,
      });
      expect(explore.body.result.slice.slice_id).toBe(chartId);
    });

    it('answers 404 for an unknown key and 403 to someone who cannot query the dataset', async () => {
      expect((await request('GET', '/api/v1/explore/permalink/nope', world.alice)).status).toBe(404);
      expect((await request('GET', '/api/v1/explore/?permalink_key=nope', world.alice)).status).toBe(404);
      const created = await request('POST', '/api/v1/explore/permalink', world.alice, state());
      const read = await request('GET', `/api/v1/explore/permalink/${created.body.key}`, world.carol);
      expect(read.status).toBe(403);
      expect(read.body.message).toBe("You don't have access to this dataset.");
      const store = await request('POST', '/api/v1/explore/permalink', world.carol, state());
      expect(store.status).toBe(403);
    });

    it('validates what it stores', async () => {
      const missing = await request('POST', '/api/v1/explore/permalink', world.alice, { urlParams: [] });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toEqual({ formData: ['Missing data for required field.'] });
      const noDatasource = await request('POST', '/api/v1/explore/permalink', world.alice, {
        formData: { a: 1 },
      });
      expect(noDatasource.status).toBe(400);
      const badParams = await request('POST', '/api/v1/explore/permalink', world.alice, {
        formData: tableFormData(world.ordersId),
        urlParams: [['only one']],
      });
      expect(badParams.status).toBe(400);
      const unknownDataset = await request('POST', '/api/v1/explore/permalink', world.alice, {
        formData: tableFormData(999999),
      });
      expect(unknownDataset.status).toBe(404);
      const unknownChart = await request('POST', '/api/v1/explore/permalink', world.alice, {
        formData: { ...tableFormData(world.ordersId), slice_id: 999999 },
      });
      expect(unknownChart.status).toBe(404);
    });
  });

  describe('GET /superset/fetch_datasource_metadata', () => {
    it('answers the dataset by its key, without an envelope', async () => {
      const response = await request(
        'GET',
        `/superset/fetch_datasource_metadata?datasourceKey=${world.ordersId}__table`,
        world.alice,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: world.ordersId,
        uid: `${world.ordersId}__table`,
        type: 'table',
      });
      expect(response.body.columns.length).toBe(4);
      // The response schema keeps the datasets API's whole payload, and explore's own names.
      const keys = (schema: { properties: object }) => Object.keys(schema.properties).sort();
      expect(Object.keys(response.body).sort()).toEqual(
        [...keys(Dataset), 'edit_url', 'filter_select', 'type'].sort(),
      );
      expect(Object.keys(response.body.columns[0]).sort()).toEqual(keys(DatasetColumn));
      expect(Object.keys(response.body.metrics[0]).sort()).toEqual(keys(DatasetMetric));
    });

    it('answers 400 for a bad key, 404 for a missing dataset and 403 without access', async () => {
      const bad = await request(
        'GET',
        '/superset/fetch_datasource_metadata?datasourceKey=orders',
        world.alice,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBeTruthy();
      expect(
        (await request('GET', '/superset/fetch_datasource_metadata?datasourceKey=999999__table', world.alice))
          .status,
      ).toBe(404);
      const denied = await request(
        'GET',
        `/superset/fetch_datasource_metadata?datasourceKey=${world.ordersId}__table`,
        world.carol,
      );
      expect(denied.status).toBe(403);
      expect(denied.body.errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
    });
  });

  describe('column values', () => {
    const values = (column: string, headers: Headers, datasetId = world.ordersId, type = 'table') =>
      request(
        'GET',
        `/api/v1/datasource/${type}/${datasetId}/column/${encodeURIComponent(column)}/values/`,
        headers,
      );

    it('answers the distinct values of a column in order', async () => {
      const response = await values('city', world.alice);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ result: ['Berlin', "St. John's", 'Москва', null] });
      const amounts = await values('amount', world.alice);
      expect(amounts.body.result).toEqual([1.5, 3, 5, 7, 10.5, 20]);
    });

    it("applies the caller's row-level security and the dataset's fetch_values_predicate", async () => {
      const db = harness().ctx.metastore.db;
      await createRole(harness(), 'berlin_only', []);
      await harness().createUser({ username: 'erin', roles: ['Gamma', 'orders_reader', 'berlin_only'] });
      const erin = await harness().bearer('erin', 'password123');
      await insertRlsRule(harness(), {
        name: 'Berlin only',
        clause: "city = 'Berlin'",
        datasetIds: [world.ordersId],
        roleNames: ['berlin_only'],
      });
      expect((await values('city', erin)).body.result).toEqual(['Berlin']);
      expect((await values('city', world.alice)).body.result).toHaveLength(4);

      await db
        .updateTable('datasets')
        .set({ fetch_values_predicate: 'amount > 4' })
        .where('id', '=', world.ordersId)
        .execute();
      try {
        expect((await values('city', world.alice)).body.result).toEqual(['Berlin', "St. John's", 'Москва']);
        expect((await values('amount', erin)).body.result).toEqual([5]);
      } finally {
        await db
          .updateTable('datasets')
          .set({ fetch_values_predicate: null })
          .where('id', '=', world.ordersId)
          .execute();
      }
    });

    it('refuses callers without access, unknown datasets, types and columns', async () => {
      const denied = await values('city', world.carol);
      expect(denied.status).toBe(403);
      expect(denied.body.errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
      expect((await values('x', world.alice, world.secretId)).status).toBe(403);
      expect((await values('city', world.alice, 999999)).status).toBe(404);
      const badType = await values('city', world.alice, world.ordersId, 'cube');
      expect(badType.status).toBe(400);
      expect(badType.body.message).toBe('Invalid datasource type: cube');
      const injected = await values("city' OR 1=1 --", world.alice);
      expect(injected.status).toBe(400);
      expect(injected.body.message).toBe("Column name city' OR 1=1 -- does not exist");
    });
  });
});
