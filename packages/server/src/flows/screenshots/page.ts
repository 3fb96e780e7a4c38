import { runError } from '@vitrina/common/reports/runErrors';
import type { Page } from 'playwright-core';
import { type DrawnChart, ScreenshotError } from '../../http/screenshots.ts';
import { CHART_BOXES, FAILED_CHARTS, PAGE_OUTCOME } from './pageScripts.ts';

/**
 * Reading the web app's page: waiting for its own "every chart has drawn" signal
 * (web viz/drawnSignal.ts: `data-drawn="true"`), telling a page that failed to open from one still
 * loading, and listing which charts failed and why.
 */

type PageOutcome = { kind: 'drawn' } | { kind: 'signed-out' } | { kind: 'failed'; text: string };

const POLL_MS = 100;

/**
 * The expression's first non-null answer, or null at the deadline. Asked through the DevTools
 * protocol (page.evaluate), which the app's Content-Security-Policy does not govern, unlike
 * waitForFunction's in-page eval.
 */
async function pollPage<T>(page: Page, expression: string, timeoutMs: number): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await page.evaluate(expression).catch((error: unknown) => {
      // The page navigated (a sign-in redirect) while being asked: ask the new one.
      if (error instanceof Error && /context was destroyed|navigat/i.test(error.message)) return null;
      throw error;
    });
    if (answer !== null) return answer as T;
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Resolves once the page has drawn, or shows a page-level failure; never a fixed sleep. */
export async function waitUntilDrawn(page: Page, timeoutMs: number, what: string): Promise<void> {
  const outcome = await pollPage<PageOutcome>(page, PAGE_OUTCOME, timeoutMs);
  if (outcome === null) {
    const seconds = Math.round(timeoutMs / 1000);
    throw new ScreenshotError(
      `The ${what} did not finish drawing within ${seconds} s`,
      runError('picture_timeout', { seconds }),
    );
  }
  if (outcome.kind === 'signed-out') {
    throw new ScreenshotError(`The ${what} could not be opened: not signed in`, runError('page_signed_out'));
  }
  if (outcome.kind === 'failed') {
    const text = oneLine(outcome.text) || 'unknown error';
    throw new ScreenshotError(`The ${what} could not be opened: ${text}`, runError('page_failed', {}, text));
  }
}

/** A chart that failed to draw fails the picture: a report never sends an error box as its content. */
export async function throwOnFailedCharts(page: Page): Promise<void> {
  const failures = (await page.evaluate(FAILED_CHARTS)) as Array<{ name: string; text: string }>;
  const first = failures[0];
  if (!first) return;
  const chart = first.name ? `Chart “${first.name}”` : 'The chart';
  const body = oneLine(first.name ? first.text.replace(first.name, '') : first.text) || 'unknown error';
  const others = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  throw new ScreenshotError(
    `${chart} could not be drawn: ${body}${others}`,
    first.name
      ? runError('chart_failed', { name: first.name }, `${body}${others}`)
      : runError('render_failed', {}, `${body}${others}`),
  );
}

/** A rectangle of the page in CSS pixels from its top-left corner. */
export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each dashboard chart is in a picture of the page from `origin`, in the picture's pixels. */
export async function chartBoxes(
  page: Page,
  scale: number,
  origin: Pick<Area, 'x' | 'y'>,
): Promise<DrawnChart[]> {
  const boxes = (await page.evaluate(CHART_BOXES)) as Array<{
    chartId: number;
    x: number;
    y: number;
    width: number;
    height: number;
  }>;
  return boxes.map(({ chartId, ...box }) => ({
    chartId,
    box: {
      x: Math.round((box.x - origin.x) * scale),
      y: Math.round((box.y - origin.y) * scale),
      width: Math.round(box.width * scale),
      height: Math.round(box.height * scale),
    },
  }));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
