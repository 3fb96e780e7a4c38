import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { DrawnChart } from '../../http/screenshots.ts';
import { requester } from '../../resources/charts/testFixtures.ts';
import { createChart, createDashboard } from '../../resources/dashboards/testWorld.ts';
import { loadPrincipal } from '../../security/principal.ts';
import { browserTestsReady, WEB_DIST } from '../../testing/webBuild.ts';
import { runScheduledReport } from './execute.ts';
import { REPORT_IMAGE_CID } from './screenshotFile.ts';
import { insertSchedule, logRows, mailsTo, type ReportsFlowWorld, useReportsWorld } from './testWorld.ts';

/**
 * PNG and PDF reports drawn by the real web app in the system Chromium: a dashboard with two tabs
 * (a pie on the first, a table on the second) must come out with both tabs' charts drawn, not
 * blank, and a chart that cannot draw must fail the run with its reason.
 */

const ready = browserTestsReady();
const scheduled = new Date('2026-03-02T09:00:00Z');

/** Title bar of a chart box, left out when measuring what the chart drew. */
const TITLE_HEIGHT = 40;

/**
 * How much of a chart box (below its title) is drawn on: the share of pixels that are not the
 * white of an empty box. A drawn pie or table covers percents; a spinner or a blank box, almost none.
 */
function inkIn(png: PNG, box: DrawnChart['box']): number {
  let inked = 0;
  let all = 0;
  for (let y = box.y + TITLE_HEIGHT; y < Math.min(png.height, box.y + box.height); y++) {
    for (let x = box.x; x < Math.min(png.width, box.x + box.width); x++) {
      const at = (y * png.width + x) * 4;
      all++;
      if (Math.min(png.data[at]!, png.data[at + 1]!, png.data[at + 2]!) < 230) inked++;
    }
  }
  return all === 0 ? 0 : inked / all;
}

const INKED = 0.01;

function twoTabLayout(first: number, second: number): string {
  const chart = (id: number, parents: string[]) => ({
    id: `CHART-${id}`,
    type: 'CHART',
    children: [],
    parents,
    meta: { chartId: id, width: 6, height: 50, uuid: `uuid-${id}` },
  });
  const tabParents = ['ROOT_ID', 'TABS-main'];
  return JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-main'], parents: [] },
    'TABS-main': {
      id: 'TABS-main',
      type: 'TABS',
      children: ['TAB-pie', 'TAB-table'],
      parents: ['ROOT_ID'],
      meta: {},
    },
    'TAB-pie': {
      id: 'TAB-pie',
      type: 'TAB',
      children: ['ROW-a'],
      parents: tabParents,
      meta: { text: 'Shares' },
    },
    'TAB-table': {
      id: 'TAB-table',
      type: 'TAB',
      children: ['ROW-b'],
      parents: tabParents,
      meta: { text: 'Cities' },
    },
    'ROW-a': {
      id: 'ROW-a',
      type: 'ROW',
      children: [`CHART-${first}`],
      parents: [...tabParents, 'TAB-pie'],
      meta: {},
    },
    'ROW-b': {
      id: 'ROW-b',
      type: 'ROW',
      children: [`CHART-${second}`],
      parents: [...tabParents, 'TAB-table'],
      meta: {},
    },
    [`CHART-${first}`]: chart(first, [...tabParents, 'TAB-pie', 'ROW-a']),
    [`CHART-${second}`]: chart(second, [...tabParents, 'TAB-table', 'ROW-b']),
  });
}

/**
 * A single-column dashboard of `blocks` markdown rows, each `blockUnits` grid units tall (8 px a
 * unit), with chart `chartId` in the last row: taller than one Chromium bitmap when the blocks are.
 */
function tallLayout(chartId: number, blocks: number, blockUnits: number, inTab = false): string {
  const layout: Record<string, unknown> = { DASHBOARD_VERSION_KEY: 'v2' };
  const rows: string[] = [];
  const holder = inTab ? ['ROOT_ID', 'TABS-main', 'TAB-only'] : ['ROOT_ID', 'GRID_ID'];
  const row = (id: string, child: Record<string, unknown> & { id: string }) => {
    rows.push(id);
    layout[id] = { id, type: 'ROW', children: [child.id], parents: holder, meta: {} };
    layout[child.id] = { ...child, children: [], parents: [...holder, id] };
  };
  for (let index = 0; index < blocks; index++) {
    row(`ROW-${index}`, {
      id: `MARKDOWN-${index}`,
      type: 'MARKDOWN',
      meta: { width: 12, height: blockUnits, code: `# Block ${index + 1}\n\nSome text.` },
    });
  }
  row('ROW-last', {
    id: `CHART-${chartId}`,
    type: 'CHART',
    meta: { chartId, width: 12, height: 50, uuid: `uuid-${chartId}` },
  });
  if (inTab) {
    layout.ROOT_ID = { id: 'ROOT_ID', type: 'ROOT', children: ['TABS-main'], parents: [] };
    layout['TABS-main'] = {
      id: 'TABS-main',
      type: 'TABS',
      children: ['TAB-only'],
      parents: ['ROOT_ID'],
      meta: {},
    };
    layout['TAB-only'] = {
      id: 'TAB-only',
      type: 'TAB',
      children: rows,
      parents: ['ROOT_ID', 'TABS-main'],
      meta: { text: 'Long' },
    };
  } else {
    layout.ROOT_ID = { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'], parents: [] };
    layout.GRID_ID = { id: 'GRID_ID', type: 'GRID', children: rows, parents: ['ROOT_ID'] };
  }
  return JSON.stringify(layout);
}

/** Chromium's largest bitmap: a picture taller than this used to lose its bottom. */
const BITMAP_LIMIT = 16_384;

/** Runs a new report of the admin's to `recipient`; its final state and the mail, if one came. */
async function runReport(
  world: ReportsFlowWorld,
  subject: { dashboard_id: number } | { chart_id: number },
  report_format: 'PNG' | 'PDF',
  name: string,
  recipient: string,
) {
  const id = await insertSchedule(world.harness, {
    name,
    ...subject,
    report_format,
    owners: [world.userIds.admin],
    recipients: [recipient],
  });
  const state = await runScheduledReport(world.harness.ctx, id, scheduled);
  return { id, state, mail: mailsTo(world.sink, recipient)[0] };
}

describe.skipIf(!ready)('PNG and PDF reports through Chromium', { timeout: 120_000 }, () => {
  const world = useReportsWorld({ webDistDir: WEB_DIST });
  let dashboardId = 0;
  let pieId = 0;

  it('is set up: the app listens, and a two-tab dashboard exists', async () => {
    const { harness, admin, ordersId, chartId } = world();
    await harness.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = harness.app.server.address() as AddressInfo;
    harness.ctx.config.renderUrl = `http://127.0.0.1:${port}`;
    const request = requester(() => harness);
    const pie = await request('POST', '/api/v1/chart/', admin, {
      slice_name: 'Shares by city',
      viz_type: 'pie',
      datasource_id: ordersId,
      datasource_type: 'table',
      params: JSON.stringify({
        datasource: `${ordersId}__table`,
        viz_type: 'pie',
        groupby: ['city'],
        metric: {
          expressionType: 'SIMPLE',
          aggregate: 'SUM',
          column: { column_name: 'amount' },
          label: 'total',
        },
        adhoc_filters: [],
        row_limit: 100,
      }),
    });
    expect(pie.status, JSON.stringify(pie.body)).toBe(201);
    pieId = pie.body.id as number;
    dashboardId = await createDashboard(request, admin, {
      dashboard_title: 'Two tabs',
      position_json: twoTabLayout(pieId, chartId),
    });
  });

  it('draws every tab of a dashboard, each chart drawn in the picture', async () => {
    const { harness, chartId } = world();
    const admin = (await loadPrincipal(harness.ctx.metastore.db, 1))!;
    const shot = await harness.ctx.screenshots.capture(admin, {
      subject: { kind: 'dashboard', id: dashboardId },
      format: 'png',
      width: 1200,
      height: 800,
      timeoutMs: 60_000,
    });
    expect(shot.contentType).toBe('image/png');
    const png = PNG.sync.read(shot.content);
    // The dashboard's own area: the window's width less the page's margins.
    expect(png.width).toBeGreaterThan(1000);
    expect(png.width).toBeLessThanOrEqual(1200);
    expect(shot.charts.map((chart) => chart.chartId).sort()).toEqual([pieId, chartId].sort());
    const [first, second] = [pieId, chartId].map((id) => shot.charts.find((chart) => chart.chartId === id)!);
    // The second tab sits under the first, inside the picture.
    expect(second!.box.y).toBeGreaterThan(first!.box.y + first!.box.height - 1);
    expect(second!.box.y + second!.box.height).toBeLessThanOrEqual(png.height);
    for (const chart of shot.charts) expect(inkIn(png, chart.box)).toBeGreaterThan(INKED);
  });

  it('sends a dashboard PNG in the mail body, and a PDF with a page per tab', async () => {
    const { state, mail } = await runReport(
      world(),
      { dashboard_id: dashboardId },
      'PNG',
      'Two tabs picture',
      'png@example.com',
    );
    expect(state).toBe('Success');
    expect(mail?.html).toContain(`cid:${REPORT_IMAGE_CID}`);
    const image = mail!.attachments.find((part) => part.contentType.startsWith('image/png'));
    const picture = PNG.sync.read(image!.content);
    expect(picture.width).toBeGreaterThan(1300);
    expect(picture.width).toBeLessThanOrEqual(1600);
    expect(inkIn(picture, { x: 0, y: 0, width: picture.width, height: picture.height })).toBeGreaterThan(
      INKED,
    );

    const pdf = await runReport(
      world(),
      { dashboard_id: dashboardId },
      'PDF',
      'Two tabs document',
      'pdf@example.com',
    );
    expect(pdf.state).toBe('Success');
    const file = pdf.mail!.attachments.find((part) => part.fileName === 'Two tabs.pdf');
    const document = await PDFDocument.load(file!.content);
    expect(document.getPageCount()).toBe(2);
  });

  it('shows only the tabs the report chose', async () => {
    const { harness, chartId } = world();
    const admin = (await loadPrincipal(harness.ctx.metastore.db, 1))!;
    const shot = await harness.ctx.screenshots.capture(admin, {
      subject: { kind: 'dashboard', id: dashboardId, state: { dataMask: {}, activeTabs: ['TAB-table'] } },
      format: 'png',
      width: 1200,
      height: 800,
      timeoutMs: 60_000,
    });
    expect(shot.charts.map((chart) => chart.chartId)).toEqual([chartId]);
  });

  it('draws a chart alone, as its owner sees it', async () => {
    const { state, mail } = await runReport(
      world(),
      { chart_id: pieId },
      'PNG',
      'Pie picture',
      'chart@example.com',
    );
    expect(state).toBe('Success');
    const image = mail!.attachments.find((part) => part.contentType.startsWith('image/png'));
    const picture = PNG.sync.read(image!.content);
    expect([picture.width, picture.height]).toEqual([1000, 600]);
    expect(inkIn(picture, { x: 0, y: 0, width: picture.width, height: picture.height })).toBeGreaterThan(
      INKED,
    );
  });

  it('draws a dashboard taller than one bitmap whole, its bottom chart drawn, in PNG and in PDF', async () => {
    const { harness, admin } = world();
    const request = requester(() => harness);
    const tallId = await createDashboard(request, admin, {
      dashboard_title: 'Tall',
      position_json: tallLayout(pieId, 9, 250),
    });
    const principal = (await loadPrincipal(harness.ctx.metastore.db, 1))!;
    const shot = await harness.ctx.screenshots.capture(principal, {
      subject: { kind: 'dashboard', id: tallId },
      format: 'png',
      width: 1200,
      height: 800,
      timeoutMs: 90_000,
    });
    const png = PNG.sync.read(shot.content);
    const pie = shot.charts.find((chart) => chart.chartId === pieId)!;
    // Nine 2,000 px blocks, then the pie: all of it in the picture, below where Chromium used to cut.
    expect(pie.box.y).toBeGreaterThan(BITMAP_LIMIT);
    expect(png.height).toBeGreaterThanOrEqual(pie.box.y + pie.box.height);
    expect(inkIn(png, pie.box)).toBeGreaterThan(INKED);

    const pdf = await runReport(
      world(),
      { dashboard_id: tallId },
      'PDF',
      'Tall document',
      'tall@example.com',
    );
    expect(pdf.state).toBe('Success');
    const file = pdf.mail!.attachments.find((part) => part.fileName === 'Tall.pdf');
    const document = await PDFDocument.load(file!.content);
    // No tabs: the dashboard continues over pages, which together are as tall as the picture.
    expect(document.getPageCount()).toBeGreaterThan(1);
    const points = document.getPages().reduce((sum, page) => sum + page.getHeight(), 0);
    expect(Math.round(points / 0.75)).toBe(png.height);
  });

  it('continues a tab taller than one bitmap over PDF pages, all of its height', async () => {
    const { harness, admin } = world();
    const tallTabId = await createDashboard(
      requester(() => harness),
      admin,
      {
        dashboard_title: 'Tall tab',
        position_json: tallLayout(pieId, 9, 250, true),
      },
    );
    const pdf = await runReport(
      world(),
      { dashboard_id: tallTabId },
      'PDF',
      'Tall tab',
      'tall-tab@example.com',
    );
    expect(pdf.state).toBe('Success');
    const file = pdf.mail!.attachments.find((part) => part.fileName === 'Tall tab.pdf');
    const document = await PDFDocument.load(file!.content);
    // Nine 2,000 px blocks and the pie in one tab: more than one page, and all of its height.
    expect(document.getPageCount()).toBeGreaterThan(1);
    const pixels = document.getPages().reduce((sum, page) => sum + page.getHeight() / 0.75, 0);
    expect(pixels).toBeGreaterThan(9 * 2_000 + 300);
    // The last page is the tab's rest: at least the pie's row.
    const last = document.getPages().at(-1)!;
    expect(last.getHeight() / 0.75).toBeGreaterThan(300);
  });

  it('fails a dashboard past the height limit with a coded reason, and sends nothing', async () => {
    const { harness, admin } = world();
    const tooTallId = await createDashboard(
      requester(() => harness),
      admin,
      {
        dashboard_title: 'Too tall',
        position_json: tallLayout(pieId, 13, 1000),
      },
    );
    const { id, state, mail } = await runReport(
      world(),
      { dashboard_id: tooTallId },
      'PNG',
      'Too tall picture',
      'too-tall@example.com',
    );
    expect(state).toBe('Error');
    const rows = await logRows(harness, id);
    expect(rows[1]?.error_message).toMatch(/too tall for a picture: \d+ px, the limit is 100000 px/);
    expect(rows[1]?.error_code).toBe('picture_too_tall');
    expect(JSON.parse(rows[1]!.error_params_json!).params.limit).toBe(100_000);
    expect(mail).toBeUndefined();
  });

  it('fails the run with the reason when a chart cannot draw, and sends no picture', async () => {
    const { harness, admin, ordersId } = world();
    const broken = await createChart(
      requester(() => harness),
      admin,
      ordersId,
      'Broken chart',
    );
    await harness.ctx.metastore.db
      .updateTable('slices')
      .set({
        params: JSON.stringify({
          datasource: `${ordersId}__table`,
          viz_type: 'table',
          query_mode: 'raw',
          all_columns: ['no_such_column'],
          row_limit: 10,
        }),
        query_context: null,
      })
      .where('id', '=', broken)
      .execute();
    const { id, state, mail } = await runReport(
      world(),
      { chart_id: broken },
      'PNG',
      'Broken picture',
      'broken@example.com',
    );
    expect(state).toBe('Error');
    const rows = await logRows(harness, id);
    expect(rows[1]?.error_message).toMatch(/could not be drawn: .*no_such_column/);
    // A chart's own page shows no title: the code says a picture failed, the detail why.
    expect(rows[1]?.error_code).toBe('render_failed');
    expect(JSON.parse(rows[1]!.error_params_json!)).toMatchObject({
      params: {},
      detail: expect.stringMatching(/no_such_column/),
    });
    expect(mail).toBeUndefined();
  });
});
