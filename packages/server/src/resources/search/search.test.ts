import type { SearchHit } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { describeEachMetastore } from '../../testing/testApp.ts';
import { buildWorld, q, requester, type World } from '../charts/testFixtures.ts';
import { createChart, createDashboard } from '../dashboards/testWorld.ts';

const SEARCH = '/api/v1/search/';

describeEachMetastore('search API', (harness) => {
  const request = requester(harness);
  let world: World;
  let regionsBoard: number;

  const search = async (headers: World['admin'], args: Record<string, unknown>) => {
    const response = await request('GET', `${SEARCH}?q=${q(args)}`, headers);
    expect(response.status, response.text).toBe(200);
    expect(response.body.count).toBe(response.body.result.length);
    return response.body.result as SearchHit[];
  };
  const found = (hits: SearchHit[]) => hits.map((hit) => `${hit.kind}:${hit.title}`);

  beforeAll(async () => {
    world = await buildWorld(harness());
    for (const title of ['Prerevenues', 'Reveneu plan', 'Monthly revenue', 'Revenue board', 'Revenue']) {
      await createDashboard(request, world.admin, { dashboard_title: title, published: true });
    }
    regionsBoard = await createDashboard(request, world.admin, {
      dashboard_title: 'Sales by region',
      dashboard_title_ru: 'Продажи по регионам',
      published: true,
    });
    await createDashboard(request, world.admin, { dashboard_title: 'Hidden draft board' });
    await createChart(request, world.alice, world.ordersId, 'Orders per city');
    await createChart(request, world.admin, world.secretId, 'Secret numbers');
    const saved = await request('POST', '/api/v1/saved_query/', world.admin, {
      db_id: world.databaseId,
      label: 'Orders audit',
      sql: 'SELECT city FROM orders',
    });
    expect(saved.status, saved.text).toBe(201);

    const dataset = (await request('GET', `/api/v1/dataset/${world.ordersId}`, world.admin)).body.result;
    const updated = await request('PUT', `/api/v1/dataset/${world.ordersId}`, world.admin, {
      columns: dataset.columns.map((column: { id: number; column_name: string }) =>
        column.column_name === 'city'
          ? {
              id: column.id,
              column_name: 'city',
              verbose_name: 'Customer town',
              verbose_name_ru: 'Город покупателя',
            }
          : { id: column.id, column_name: column.column_name },
      ),
      metrics: [{ metric_name: 'turnover', expression: 'SUM(amount)', verbose_name_ru: 'Оборот магазина' }],
    });
    expect(updated.status, updated.text).toBe(200);
    const tag = await request('POST', '/api/v1/tag/', world.admin, {
      name: 'quarterly-finance',
      description: 'Money',
    });
    expect(tag.status, tag.text).toBe(201);
  });

  it('ranks exact, prefix, word, substring, then fuzzy matches', async () => {
    const hits = await search(world.admin, { query: 'revenue', kinds: ['dashboard'], limit: 10 });
    expect(hits.map((hit) => [hit.title, hit.match])).toEqual([
      ['Revenue', 'exact'],
      ['Revenue board', 'prefix'],
      ['Monthly revenue', 'word'],
      ['Prerevenues', 'substring'],
      ['Reveneu plan', 'fuzzy'],
    ]);
    expect(hits[0]).toMatchObject({
      kind: 'dashboard',
      url: expect.stringMatching(/^\/superset\/dashboard\//),
    });
    // The limit is per kind, and the best come first.
    const two = await search(world.admin, { query: 'REVENUE', kinds: ['dashboard'], limit: 2 });
    expect(two.map((hit) => hit.title)).toEqual(['Revenue', 'Revenue board']);
  });

  it('finds a Russian title whatever its case, and answers both titles', async () => {
    for (const query of ['продажи по рег', 'ПРОДАЖИ', 'регионам', 'продожи']) {
      const hits = await search(world.alice, { query });
      expect(hits[0], query).toMatchObject({
        kind: 'dashboard',
        id: regionsBoard,
        title: 'Sales by region',
        title_ru: 'Продажи по регионам',
        matched_field: 'title',
      });
    }
  });

  it("finds a dataset by its columns' and metrics' verbose names in either language", async () => {
    for (const query of ['customer town', 'город покупателя', 'оборот']) {
      const hits = await search(world.alice, { query, kinds: ['dataset'] });
      expect(
        hits.map((hit) => [hit.kind, hit.id, hit.matched_field]),
        query,
      ).toEqual([['dataset', world.ordersId, 'name']]);
    }
  });

  it('never finds what the caller cannot open', async () => {
    // The admin sees everything (the dataset's exact name before the chart's prefix).
    expect(found(await search(world.admin, { query: 'secret' }))).toEqual([
      'dataset:secret',
      'chart:Secret numbers',
    ]);
    expect(found(await search(world.admin, { query: 'hidden draft' }))).toEqual([
      'dashboard:Hidden draft board',
    ]);
    expect(found(await search(world.admin, { query: 'orders audit' }))).toEqual(['saved_query:Orders audit']);
    expect(found(await search(world.admin, { query: 'worlddb' }))).toEqual(['database:worlddb']);
    // The hit opens that database's dialog on the list.
    expect((await search(world.admin, { query: 'worlddb' }))[0]?.url).toBe(
      `/databaseview/list/?edit=${world.databaseId}`,
    );

    // Alice (Gamma with access to orders only): not the secret chart or dataset, not the admin's draft
    // dashboard or saved query; her own chart, her dataset and its database.
    expect(await search(world.alice, { query: 'secret' })).toEqual([]);
    expect(await search(world.alice, { query: 'hidden draft' })).toEqual([]);
    expect(await search(world.alice, { query: 'orders audit' })).toEqual([]);
    expect(found(await search(world.alice, { query: 'orders' }))).toEqual([
      'dataset:orders',
      'chart:Orders per city',
    ]);
    expect(found(await search(world.alice, { query: 'worlddb' }))).toEqual(['database:worlddb']);

    // Carol (Gamma, no data access): no charts, datasets or databases at all, the published dashboards only.
    expect(await search(world.carol, { query: 'orders' })).toEqual([]);
    expect(await search(world.carol, { query: 'worlddb' })).toEqual([]);
    expect(await search(world.carol, { query: 'secret' })).toEqual([]);
    expect(found(await search(world.carol, { query: 'revenue', limit: 1 }))).toEqual(['dashboard:Revenue']);
  });

  it('looks past many matches the caller cannot open to the ones they can', async () => {
    // The published one is the oldest, so it ranks below 150 newer drafts only the admin sees.
    const published = await createDashboard(request, world.admin, {
      dashboard_title: 'Zeta public',
      published: true,
    });
    for (let i = 0; i < 150; i++) {
      await createDashboard(request, world.admin, { dashboard_title: `Zeta draft ${i}` });
    }
    expect(found(await search(world.carol, { query: 'zeta' }))).toEqual(['dashboard:Zeta public']);
    expect((await search(world.carol, { query: 'zeta' }))[0]?.id).toBe(published);
    expect(await search(world.admin, { query: 'zeta', limit: 50 })).toHaveLength(50);
  });

  it('finds custom tags by name for those who may read tags', async () => {
    const hits = await search(world.alice, { query: 'quarterly fin' });
    expect(hits.map((hit) => [hit.kind, hit.title, hit.url])).toEqual([
      ['tag', 'quarterly-finance', expect.stringMatching(/^\/superset\/all_entities\/\?id=\d+$/)],
    ]);
  });

  it('sees changes made after the last search', async () => {
    expect(await search(world.admin, { query: 'renamed quarterly' })).toEqual([]);
    const renamed = await request('PUT', `/api/v1/dashboard/${regionsBoard}`, world.admin, {
      dashboard_title: 'Renamed quarterly board',
    });
    expect(renamed.status, renamed.text).toBe(200);
    expect(found(await search(world.admin, { query: 'renamed quarterly' }))).toEqual([
      'dashboard:Renamed quarterly board',
    ]);
    // A metric renamed in the dataset editor, and a deleted dashboard.
    const dataset = (await request('GET', `/api/v1/dataset/${world.ordersId}`, world.admin)).body.result;
    const metrics = dataset.metrics.map(
      (metric: { id: number; metric_name: string; expression: string }) => ({
        id: metric.id,
        metric_name: metric.metric_name,
        expression: metric.expression,
        ...(metric.metric_name === 'turnover' && { verbose_name_ru: 'Товарооборот сети' }),
      }),
    );
    const put = await request('PUT', `/api/v1/dataset/${world.ordersId}`, world.admin, { metrics });
    expect(put.status, put.text).toBe(200);
    expect(found(await search(world.admin, { query: 'товарооборот' }))).toEqual(['dataset:orders']);
    expect(await search(world.admin, { query: 'оборот магазина' })).toEqual([]);
    expect((await request('DELETE', `/api/v1/dashboard/${regionsBoard}`, world.admin)).status).toBe(200);
    expect(await search(world.admin, { query: 'renamed quarterly' })).toEqual([]);
    expect(await search(world.admin, { query: '   ' })).toEqual([]);
  });

  it('answers 400 on a bad argument and 401 without a session', async () => {
    for (const bad of [
      '(((',
      q({ limit: 3 }),
      q({ query: 7 }),
      q({ query: 'x', limit: 0 }),
      q({ query: 'x', limit: 51 }),
      q({ query: 'x', kinds: ['tables'] }),
      q({ query: 'x', kinds: [] }),
      q({ query: 'x', colour: 'red' }),
      q({ query: 'x'.repeat(201) }),
      q(['x']),
    ]) {
      const response = await request('GET', `${SEARCH}?q=${bad}`, world.admin);
      expect(response.status, bad).toBe(400);
      expect(typeof response.body.message, bad).toBe('string');
    }
    expect((await request('GET', `${SEARCH}?q=${q({ query: 'x' })}`, {})).status).toBe(401);
  });
});
