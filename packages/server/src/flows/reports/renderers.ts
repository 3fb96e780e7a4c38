import { runError } from '@vitrina/common/reports/runErrors';
import { chartFileRenderer } from './chartFile.ts';
import { chartTextRenderer } from './chartText.ts';
import { RenderError, type ReportRenderer } from './content.ts';
import { screenshotRenderer } from './screenshotFile.ts';

/** One renderer per report format; an unknown format fails its runs rather than sending something else. */
export const RENDER_FORMATS = ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];

export const renderers: Record<RenderFormat, ReportRenderer> = {
  PNG: screenshotRenderer('png'),
  PDF: screenshotRenderer('pdf'),
  CSV: chartFileRenderer('csv'),
  XLSX: chartFileRenderer('xlsx'),
  TEXT: chartTextRenderer,
};

const isRenderFormat = (format: string): format is RenderFormat =>
  (RENDER_FORMATS as readonly string[]).includes(format);

export function rendererOf(format: string): ReportRenderer {
  if (!isRenderFormat(format)) {
    throw new RenderError(
      `Unknown report format ${JSON.stringify(format)}`,
      runError('unknown_format', { format }),
    );
  }
  return renderers[format];
}
