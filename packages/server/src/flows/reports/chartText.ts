import { runError } from '@vitrina/common/reports/runErrors';
import { chartDataJson, prepareRun } from '../chartData/service.ts';
import { chartOf, RenderError, type ReportRenderer } from './content.ts';
import { htmlTable, plainTable, type TableData } from './htmlTable.ts';

/** TEXT reports: the chart's post-processed rows as a table in the mail's body, as Superset sends them. */
export const chartTextRenderer: ReportRenderer = async ({ ctx, principal, subject }) => {
  const chart = chartOf(subject, 'TEXT');
  const context = await ctx.services.savedChartQueryContext(ctx, principal, chart.id, {
    result_type: 'post_processed',
    result_format: 'json',
  });
  const run = await prepareRun(ctx, principal, context);
  const [entry] = await chartDataJson(ctx, run);
  if (!entry) throw new RenderError('The chart has no query to show', runError('no_chart_query'));
  const data: TableData = {
    colnames: Array.isArray(entry.colnames) ? entry.colnames.map(String) : [],
    coltypes: Array.isArray(entry.coltypes) ? entry.coltypes.map(Number) : [],
    records: Array.isArray(entry.data) ? (entry.data as Array<Record<string, unknown>>) : [],
  };
  return { attachments: [], html: htmlTable(data), text: plainTable(data) };
};
