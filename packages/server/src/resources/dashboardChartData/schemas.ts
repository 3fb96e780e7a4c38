import { Type } from 'typebox';

/** The body and the streamed answer of `POST /api/v1/dashboard/{id_or_slug}/chart_data`. */

/** At most this many charts in one request: a dashboard asks for its visible charts only. */
export const MAX_CHARTS_PER_REQUEST = 200;

export const DashboardChartDataBody = Type.Object(
  {
    charts: Type.Array(
      Type.Object(
        {
          key: Type.String({
            minLength: 1,
            maxLength: 200,
            description: "The client's key for this chart, echoed on its answer line (unique in the request)",
          }),
          slice_id: Type.Integer({ minimum: 1, description: 'The chart; it must be on the dashboard' }),
          query_context: Type.Record(Type.String(), Type.Unknown(), {
            description: 'The chart query context (reference/superset-api.md §3.1), result_format json',
          }),
        },
        { additionalProperties: false },
      ),
      { maxItems: MAX_CHARTS_PER_REQUEST },
    ),
    force: Type.Optional(Type.Boolean({ description: 'Bypass the cache for every chart (force refresh)' })),
  },
  { additionalProperties: false },
);

const ErrorItem = Type.Object({
  message: Type.String(),
  error_type: Type.Optional(Type.String()),
  level: Type.Optional(Type.String()),
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/** One line of the answer (documentation only: the stream is written line by line, not serialised). */
export const DashboardChartDataLineSchema = Type.Object(
  {
    key: Type.String(),
    status: Type.Integer({ description: '200, or the status POST /api/v1/chart/data would have answered' }),
    result: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
    message: Type.Optional(Type.Unknown()),
    errors: Type.Optional(Type.Array(ErrorItem)),
  },
  { additionalProperties: false },
);

export const NDJSON_DESCRIPTION = [
  'Newline-delimited JSON (application/x-ndjson), streamed: one line per requested chart, written as soon',
  'as that chart is ready, in no particular order. Each line is an object with the request key of its chart',
  'and a status: `{"key":…,"status":200,"result":[…]}` holds what POST /api/v1/chart/data answers in',
  '`result`; any other status is that chart’s failure with the body the per-chart endpoint would have given',
  '(`message` and/or SIP-40 `errors`): 400 invalid query context or failed query, 403 no access to the',
  'chart or its dataset, 404 chart not on this dashboard, 500 unexpected failure. The stream ends after the',
  'last line; a client that disconnects stops the charts not yet started.',
].join(' ');
