// Running alerts and reports (DESIGN §7 'A report'): the entry points the assembly and the reports
// resource use.
export { runScheduledReport } from './execute.ts';
export { NO_MAIL_SERVER_MESSAGE } from './mail.ts';
export { type RenderFormat, renderers } from './renderers.ts';
export { REPORTS_QUEUE, type ReportJobPayload, reportJobId, scheduleDueReports } from './scheduling.ts';
export { type SendNowResult, sendReportNow } from './sendNow.ts';
export { pruneReportLogs, sweepStuckReportRuns } from './sweep.ts';
export { reportJobHandler } from './worker.ts';
