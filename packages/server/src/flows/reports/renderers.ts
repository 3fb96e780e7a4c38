import { chartFileRenderer } from './chartFile.ts';
import { chartTextRenderer } from './chartText.ts';
import { RenderError, type ReportRenderer } from './content.ts';

/**
 * One renderer per report format. PNG and PDF (screenshots through Chromium) are not here yet:
 * each will be one file and one line. A format without a renderer fails its runs with a clear
 * message rather than sending something else.
 */
export const RENDER_FORMATS = ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

export const renderers: Partial<Record<RenderFormat, ReportRenderer>> = {
  CSV: chartFileRenderer('csv'),
  XLSX: chartFileRenderer('xlsx'),
  TEXT: chartTextRenderer,
};

export const SCREENSHOTS_UNAVAILABLE_MESSAGE = 'Screenshots are not available yet';

const MISSING: Record<RenderFormat, string> = {
  PNG: SCREENSHOTS_UNAVAILABLE_MESSAGE,
  PDF: SCREENSHOTS_UNAVAILABLE_MESSAGE,
  CSV: 'CSV reports are not available',
  XLSX: 'XLSX reports are not available',
  TEXT: 'TEXT reports are not available',
};

const isRenderFormat = (format: string): format is RenderFormat =>
  (RENDER_FORMATS as readonly string[]).includes(format);

export function rendererOf(format: string): ReportRenderer {
  if (!isRenderFormat(format)) throw new RenderError(`Unknown report format ${JSON.stringify(format)}`);
  const renderer = renderers[format];
  if (!renderer) throw new RenderError(MISSING[format]);
  return renderer;
}
