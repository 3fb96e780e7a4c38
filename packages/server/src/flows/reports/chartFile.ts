import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { chartDataFile, isNoDataFailure } from '../chartData/export.ts';
import { prepareRun } from '../chartData/service.ts';
import { attachmentName, chartOf, type ReportRenderer } from './content.ts';

/**
 * CSV and XLSX reports: the chart's saved query through the chart data flow as the report's
 * principal (post-processed, as Superset's reports ask for it), attached under the chart's name.
 */
export function chartFileRenderer(format: 'csv' | 'xlsx'): ReportRenderer {
  return async ({ ctx, principal, subject }) => {
    const chart = chartOf(subject, format.toUpperCase());
    const context = await ctx.services.savedChartQueryContext(ctx, principal, chart.id, {
      result_type: 'post_processed',
      result_format: format,
    });
    const run = await prepareRun(ctx, principal, context);
    let file: Awaited<ReturnType<typeof chartDataFile>>;
    let content: Buffer;
    try {
      file = await chartDataFile(run, format);
      content = await buffer(file.body);
    } catch (error) {
      // No rows today is an answer, not a failure: the mail goes out and says so (Superset mails
      // a file of headers only; a file with nothing in it helps nobody).
      if (isNoDataFailure(error)) {
        return { attachments: [], html: '', text: '', noRows: true };
      }
      throw error;
    }
    // A chart of several queries comes as a zip; its extension follows what the flow produced.
    const fileName = `${attachmentName(chart.name, 'chart')}${path.extname(file.fileName)}`;
    return { attachments: [{ fileName, contentType: file.contentType, content }], html: '', text: '' };
  };
}
