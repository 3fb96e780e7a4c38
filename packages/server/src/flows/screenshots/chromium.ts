import { runError } from '@vitrina/common/reports/runErrors';
import type { BrowserContext, Page } from 'playwright-core';
import {
  type Screenshot,
  ScreenshotError,
  type ScreenshotRequest,
  type ScreenshotSubject,
  type Screenshotter,
} from '../../http/screenshots.ts';
import type { AppContext } from '../../http/types.ts';
import type { Principal } from '../../security/principal.ts';
import { closeRenderPass, openRenderPass, RENDER_TOKEN_HEADER } from '../../security/renderPass.ts';
import { chartPagePath, dashboardPagePath, renderBaseUrl } from './addresses.ts';
import { SharedBrowser } from './browser.ts';
import { type Area, chartBoxes, throwOnFailedCharts, waitUntilDrawn } from './page.ts';
import { DASHBOARD_AREA, PAGE_HEIGHT } from './pageScripts.ts';
import { picturesToPdf } from './pdf.ts';
import { sliceClips } from './slices.ts';
import { stitchPngs } from './stitch.ts';

/**
 * Pictures through the system Chromium (playwright-core): the web app itself draws the chart or
 * dashboard, signed in as the picture's user by a render pass (security/renderPass.ts), and the
 * page says when every chart has drawn. The browser may reach the app's own origin only; anything
 * else a page asks for (an image in a markdown cell, say) is refused, so a render never fetches
 * from the worker's network position on a user's behalf.
 */

/**
 * The tallest dashboard drawn, in CSS pixels: past it a picture fails rather than hold the browser
 * for minutes; a picture within it is taken in slices (slices.ts) and stitched, never cut. The mail
 * size limit (VITRINA_REPORT_MAX_MAIL_BYTES) still applies to what comes out.
 */
const MAX_PICTURE_HEIGHT = 100_000;
/** The pass outlives the render's own timeout by this much, for the page's last requests. */
const PASS_MARGIN_SECONDS = 30;

/**
 * `context` is read at each picture: the screenshotter is part of the context it uses. `shared` lets
 * a benchmark draw pictures in the browser it measures pages in.
 */
export function chromiumScreenshotter(context: () => AppContext, shared?: SharedBrowser): Screenshotter {
  let browser: SharedBrowser | null = shared ?? null;
  return {
    capture: async (principal, request) => {
      const ctx = context();
      browser ??= new SharedBrowser(ctx.config.chromiumPath);
      const base = renderBaseUrl(ctx.config);
      const path = await pagePath(ctx, principal, request.subject);
      const pass = await openRenderPass(
        ctx.metastore.db,
        ctx.secretKey,
        principal.id,
        request.timeoutMs / 1000 + PASS_MARGIN_SECONDS,
      );
      let browserContext: BrowserContext | null = null;
      try {
        browserContext = await (await browser.get()).newContext({
          viewport: { width: request.width, height: request.height },
          deviceScaleFactor: request.scale ?? 1,
        });
        await confine(browserContext, new URL(base).origin, pass.token);
        const page = await browserContext.newPage();
        await open(page, `${base}${path}`, request.timeoutMs);
        return await picture(page, request);
      } finally {
        await browserContext?.close().catch(() => undefined);
        await closeRenderPass(ctx.metastore.db, pass);
      }
    },
    close: async () => {
      await browser?.close();
    },
  };
}

async function pagePath(ctx: AppContext, principal: Principal, subject: ScreenshotSubject): Promise<string> {
  if (subject.kind === 'chart') return chartPagePath(subject.id);
  const state = subject.state;
  // Filter values and tabs travel as a permalink, as the dashboard's own share link carries them.
  if (state && (Object.keys(state.dataMask).length > 0 || state.activeTabs.length > 0)) {
    return dashboardPagePath(await ctx.services.dashboardPermalinkPath(ctx, principal, subject.id, state));
  }
  return dashboardPagePath(subject.id);
}

/** Charts draw without animation; requests to the app carry the pass, any other request is refused. */
async function confine(context: BrowserContext, origin: string, token: string): Promise<void> {
  await context.addInitScript('globalThis.__VITRINA_SCREENSHOT__ = true;');
  await context.route('**/*', (route) => {
    const request = route.request();
    if (new URL(request.url()).origin !== origin) return route.abort('blockedbyclient');
    return route.continue({ headers: { ...request.headers(), [RENDER_TOKEN_HEADER]: token } });
  });
}

async function open(page: Page, url: string, timeoutMs: number): Promise<void> {
  try {
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const origin = new URL(url).origin;
    throw new ScreenshotError(
      `The web app at ${origin} could not be reached: ${reason}`,
      runError('page_unreachable', { origin }, reason),
    );
  }
}

async function picture(page: Page, request: ScreenshotRequest): Promise<Screenshot> {
  const what = request.subject.kind;
  const deadline = Date.now() + request.timeoutMs;
  const remaining = () => Math.max(1, deadline - Date.now());
  await waitUntilDrawn(page, remaining(), what);
  await throwOnFailedCharts(page);
  const scale = request.scale ?? 1;
  const area = request.subject.kind === 'dashboard' ? await dashboardArea(page, request, remaining()) : null;
  const charts = await chartBoxes(page, scale, area ?? { x: 0, y: 0 });
  if (request.format === 'png') {
    const content = area
      ? await stitchPngs(await slicesOf(page, area, scale))
      : await page.screenshot({ type: 'png' });
    return { content, contentType: 'image/png', charts };
  }
  const pages = area ? await pdfPages(page, area, scale) : [await page.screenshot({ type: 'png' })];
  const title = await page.title();
  return { content: await picturesToPdf(pages, scale, title), contentType: 'application/pdf', charts };
}

/**
 * The whole dashboard in one window (so nothing is drawn lazily outside it, and the picture holds
 * every tab), then the dashboard's own area of the page, without the page's empty rest.
 */
async function dashboardArea(page: Page, request: ScreenshotRequest, timeoutMs: number): Promise<Area> {
  const fullHeight = (await page.evaluate(PAGE_HEIGHT)) as number;
  if (fullHeight > MAX_PICTURE_HEIGHT) {
    throw new ScreenshotError(
      `The dashboard is too tall for a picture: ${fullHeight} px, the limit is ${MAX_PICTURE_HEIGHT} px`,
      runError('picture_too_tall', { height: fullHeight, limit: MAX_PICTURE_HEIGHT }),
    );
  }
  if (fullHeight > request.height) {
    await page.setViewportSize({ width: request.width, height: fullHeight });
    await waitUntilDrawn(page, timeoutMs, 'dashboard');
  }
  const area = (await page.evaluate(DASHBOARD_AREA)) as Area | null;
  if (!area || area.width < 1 || area.height < 1)
    throw new ScreenshotError('The dashboard drew nothing', runError('drew_nothing'));
  return area;
}

/** The area in clips each under Chromium's bitmap limit, top to bottom. */
async function slicesOf(page: Page, area: Area, scale: number): Promise<Buffer[]> {
  const slices: Buffer[] = [];
  for (const clip of sliceClips(area, scale)) {
    slices.push(await page.screenshot({ type: 'png', fullPage: true, clip }));
  }
  return slices;
}

/**
 * A PDF page per top-level tab of a dashboard shown in report mode, else the dashboard's area; a
 * tab taller than one bitmap continues on the next pages (which also keeps each page within the
 * 200-inch page size PDF readers accept).
 */
async function pdfPages(page: Page, area: Area, scale: number): Promise<Buffer[]> {
  const sections = page.locator('[data-report-tab]:not([data-report-tab] [data-report-tab])');
  const count = await sections.count();
  if (count === 0) return slicesOf(page, area, scale);
  const pages: Buffer[] = [];
  for (let index = 0; index < count; index++) {
    const box = await sections.nth(index).boundingBox();
    if (!box || box.width < 1 || box.height < 1) continue;
    // The viewport holds the whole page, so the box is also where the tab is on the page.
    pages.push(...(await slicesOf(page, box, scale)));
  }
  return pages.length > 0 ? pages : slicesOf(page, area, scale);
}
