import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { forgetDatasourceLoads } from '../../flows/chartData/datasourceCache.ts';
import { prepareRun } from '../../flows/chartData/run.ts';
import { loadPrincipal, type Principal } from '../../security/principal.ts';
import { insertRlsRule } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/testApp.ts';
import { buildWorld, tableQueryContext, type World } from '../charts/testFixtures.ts';
import { streamChartLines } from './lines.ts';

/**
 * A dashboard batch loads each dataset and the caller's row-level security once: its charts on one
 * dataset share the load, so the metastore reads of a batch do not grow with its charts. Reads are
 * counted as the `selectFrom` calls on the metastore while the batch (or the charts one by one) runs.
 */

const CHARTS = 6;

describe('dashboard chart data: metastore reads', () => {
  let harness: TestApp;
  let world: World;
  let alice: Principal;

  const context = (rowLimit: number) => {
    const base = tableQueryContext(world.ordersId);
    const [query] = base.queries as Array<Record<string, unknown>>;
    return { ...base, queries: [{ ...query, row_limit: rowLimit }] };
  };

  /**
   * The metastore tables `work` reads, one entry per read. Loads kept from earlier requests (a second
   * at most: datasourceCache.ts) are forgotten first, so the batch's own sharing is what is counted.
   */
  async function readsOf(work: () => Promise<unknown>): Promise<string[]> {
    forgetDatasourceLoads(harness.ctx);
    const spy = vi.spyOn(harness.ctx.metastore.db, 'selectFrom');
    try {
      await work();
      return spy.mock.calls.map(([from]) => String(from));
    } finally {
      spy.mockRestore();
    }
  }

  const batch = (charts: number) =>
    readsOf(async () => {
      const lines: Array<{ status: number }> = [];
      await streamChartLines(
        harness.ctx,
        {
          principal: alice,
          sliceIds: new Set(Array.from({ length: charts }, (_, i) => i + 1)),
          savedFormData: new Map(),
          charts: Array.from({ length: charts }, (_, i) => ({
            key: `c${i}`,
            slice_id: i + 1,
            // Different row limits: different queries, so nothing but the dataset is shared.
            query_context: context(10 + i),
          })),
          force: true,
          signal: new AbortController().signal,
          log: harness.app.log,
        },
        (line) => lines.push(line),
      );
      expect(lines.map((line) => line.status)).toEqual(Array(charts).fill(200));
    });

  beforeAll(async () => {
    harness = await createTestApp();
    world = await buildWorld(harness);
    const db = harness.ctx.metastore.db;
    // A Base rule (everyone but its roles: none) so the row-level security reads both its tables.
    await insertRlsRule(harness, {
      name: 'not Berlin',
      clause: "city <> 'Berlin'",
      filterType: 'Base',
      datasetIds: [world.ordersId],
    });
    alice = (await loadPrincipal(db, world.userIds.alice)) as Principal;
  }, 120_000);
  afterAll(() => harness?.close());

  it(`reads the dataset and its row-level security once for ${CHARTS} charts on it`, async () => {
    const perChart = await readsOf(() => prepareRun(harness.ctx, alice, context(10)));
    const one = await batch(1);
    const many = await batch(CHARTS);
    expect(perChart.length).toBeGreaterThanOrEqual(5);
    expect(one).toEqual(perChart);
    // Before the batch memo: CHARTS × perChart reads.
    expect(many).toEqual(perChart);
    expect(many.filter((table) => table === 'datasets')).toHaveLength(1);
    expect(many.filter((table) => table.startsWith('rls_filter'))).toHaveLength(2);
  });
});
