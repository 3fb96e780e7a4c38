import { type RunError, runError } from '@vitrina/common/reports/runErrors';
import type { Principal } from '../security/principal.ts';

/**
 * Pictures of charts and dashboards as the web app draws them (report PNG/PDF, thumbnails): the
 * contract between their users and the Chromium implementation (flows/screenshots/), so tests of the users
 * can put a recording fake in its place.
 */

/** The dashboard state a picture shows: native filter values and the tabs to show. */
export interface DashboardRenderState {
  /** Superset's dataMask: filter id → {extraFormData, filterState, ownState}. */
  dataMask: Record<string, unknown>;
  /** Tabs to show; a Tabs container none of whose tabs is listed shows every tab. */
  activeTabs: string[];
}

export type ScreenshotSubject =
  | { kind: 'chart'; id: number }
  | { kind: 'dashboard'; id: number; state?: DashboardRenderState | null };

export interface ScreenshotRequest {
  subject: ScreenshotSubject;
  format: 'png' | 'pdf';
  /** The browser window's width in CSS pixels. */
  width: number;
  /** The window's height; a dashboard's picture grows to its full height whatever this is. */
  height: number;
  /** Device pixels per CSS pixel: 0.5 for a thumbnail, 1 for a report. */
  scale?: number;
  /** How long the page may take to draw every chart before the capture fails. */
  timeoutMs: number;
}

/** Where a drawn chart sits in a PNG, in the picture's pixels. */
export interface DrawnChart {
  chartId: number;
  box: { x: number; y: number; width: number; height: number };
}

export interface Screenshot {
  content: Buffer;
  contentType: 'image/png' | 'application/pdf';
  /** The charts the picture shows (PNG only; a PDF lists them too, with boxes of its page images). */
  charts: DrawnChart[];
}

export interface Screenshotter {
  /** Draws the subject as `principal` sees it; throws ScreenshotError when it cannot be drawn. */
  capture(principal: Principal, request: ScreenshotRequest): Promise<Screenshot>;
  /** Closes the browser, if one was started. */
  close(): Promise<void>;
}

/**
 * A picture that could not be taken; its message says why in English (the execution log's
 * error_message, a caller), its `coded` the same for readers in other languages.
 */
export class ScreenshotError extends Error {
  constructor(
    message: string,
    readonly coded: RunError = runError('render_failed', {}, message),
  ) {
    super(message);
    this.name = 'ScreenshotError';
  }
}
