/**
 * The OpenAPI text of `POST /api/v1/dashboard/{id_or_slug}/chart_data`; its body and line schemas are
 * common's (api/dashboardData.ts), shared with the web.
 */

export const NDJSON_DESCRIPTION = [
  'Newline-delimited JSON (application/x-ndjson), streamed: one line per requested chart, written as soon',
  'as that chart is ready, in no particular order. Each line is an object with the request key of its chart',
  'and a status: `{"key":…,"status":200,"result":[…]}` holds what POST /api/v1/chart/data answers in',
  '`result`; any other status is that chart’s failure with the body the per-chart endpoint would have given',
  '(`message` and/or SIP-40 `errors`): 400 invalid query context or failed query, 403 no access to the',
  'chart or its dataset, 404 chart not on this dashboard, 500 unexpected failure. The stream ends after the',
  'last line; a client that disconnects stops the charts not yet started.',
].join(' ');
