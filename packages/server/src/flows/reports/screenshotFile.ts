import { reportDashboardState } from '@vitrina/common/reports/dashboardState';
import { ScreenshotError, type ScreenshotRequest } from '../../http/screenshots.ts';
import { attachmentName, RenderError, type RenderInput, type ReportRenderer } from './content.ts';
import { escapeHtml } from './htmlTable.ts';

/**
 * PNG and PDF reports: the chart or dashboard as the web app draws it for the report's user, through
 * the screenshotter (Chromium). A PNG is shown in the mail's body, a PDF attached; a dashboard shows
 * every tab (or the report's chosen ones) with its stored filter values.
 */

/** Window sizes when the report sets no width: Superset's dashboard width, a chart at mail size. */
const DEFAULT_SIZE = {
  dashboard: { width: 1600, height: 1200 },
  chart: { width: 1000, height: 600 },
} as const;

export const REPORT_IMAGE_CID = 'report-image';

function parseExtra(extraJson: string): unknown {
  try {
    return JSON.parse(extraJson);
  } catch {
    return null;
  }
}

export function screenshotRequest(
  input: Omit<RenderInput, 'principal'>,
  format: 'png' | 'pdf',
): ScreenshotRequest {
  const { ctx, settings, subject } = input;
  const size = DEFAULT_SIZE[subject.kind];
  const limitSeconds = Math.min(
    ctx.config.screenshotTimeoutSeconds,
    settings.working_timeout ?? Number.POSITIVE_INFINITY,
  );
  return {
    subject:
      subject.kind === 'chart'
        ? { kind: 'chart', id: subject.id }
        : { kind: 'dashboard', id: subject.id, state: reportDashboardState(parseExtra(settings.extra_json)) },
    format,
    width: settings.custom_width ?? size.width,
    height: size.height,
    timeoutMs: Math.max(1, limitSeconds) * 1000,
  };
}

export function screenshotRenderer(format: 'png' | 'pdf'): ReportRenderer {
  return async (input) => {
    const { ctx, principal, subject } = input;
    let shot: Awaited<ReturnType<typeof ctx.screenshots.capture>>;
    try {
      shot = await ctx.screenshots.capture(principal, screenshotRequest(input, format));
    } catch (error) {
      if (error instanceof ScreenshotError) throw new RenderError(error.message, error.coded);
      throw error;
    }
    const title = subject.kind === 'chart' ? subject.name : subject.title;
    const fileName = `${attachmentName(title, subject.kind)}.${format}`;
    if (format === 'pdf') {
      return {
        attachments: [{ fileName, contentType: shot.contentType, content: shot.content }],
        html: '',
        text: '',
      };
    }
    return {
      attachments: [
        { fileName, contentType: shot.contentType, content: shot.content, contentId: REPORT_IMAGE_CID },
      ],
      html: `<p><img src="cid:${REPORT_IMAGE_CID}" alt="${escapeHtml(title)}" style="max-width: 100%"></p>`,
      text: '',
    };
  };
}
