/**
 * The contract of the chart data API (Superset's ChartDataRestApi: `/api/v1/chart/data`, the datasource
 * samples view), the async event stream its 202s are read from (`/api/v1/async_event/`), and the legacy
 * `/superset/explore_json/` views. Results are the query engine's payloads, open records here.
 */
import { type Static, Type } from 'typebox';

/** One query's result (or a legacy explore_json payload): data, colnames, the query… */
export const ChartDataEntry = Type.Record(Type.String(), Type.Unknown());
export type ChartDataEntry = Static<typeof ChartDataEntry>;

// `POST /api/v1/chart/data` and `GET /api/v1/chart/data/{cache_key}` answer one result per query,
// as `GET /api/v1/chart/{id}/data/` does: `ChartDataResponse` in chart.ts.

/**
 * Where the server's time went for one query result (its `timings`): each phase in milliseconds, the
 * cache's verdict, and the total the server spent on the answer up to this result's encoding.
 */
export const ChartDataTimings = Type.Object(
  {
    queue_wait_ms: Type.Union([Type.Number(), Type.Null()], {
      description: 'From enqueueing to a worker starting the job (async queries); null when not queued',
    }),
    database_ms: Type.Number({ description: "The database driver's time; 0 when served from the cache" }),
    post_processing_ms: Type.Number({
      description: 'Framing the rows, time offsets, post-processing operations, annotation layers',
    }),
    serialisation_ms: Type.Number({ description: 'JSON encoding of this result' }),
    total_ms: Type.Number({
      description: 'Server time for the answer until this result was encoded (async: queue and job too)',
    }),
    cache: Type.Union([Type.Literal('hit'), Type.Literal('miss')]),
  },
  { additionalProperties: false },
);
export type ChartDataTimings = Static<typeof ChartDataTimings>;

/** One query's result in a chart data answer: the engine's open record, with its timings. */
export const ChartDataQueryResult = Type.Object(
  { timings: Type.Optional(ChartDataTimings) },
  { additionalProperties: true },
);

/** The 202 answer of an async (GLOBAL_ASYNC_QUERIES) request. */
export const AsyncJob = Type.Object({
  channel_id: Type.String(),
  job_id: Type.String(),
  user_id: Type.Integer(),
  status: Type.String(),
  errors: Type.Array(Type.Unknown()),
  result_url: Type.Union([Type.String(), Type.Null()]),
});
export type AsyncJob = Static<typeof AsyncJob>;

export const QueryContextBody = Type.Object(
  {
    datasource: Type.Optional(Type.Unknown()),
    queries: Type.Optional(Type.Unknown()),
    form_data: Type.Optional(
      Type.Unknown({ description: 'The explore form data, or (form post) the query context as JSON text' }),
    ),
    result_type: Type.Optional(Type.Unknown()),
    result_format: Type.Optional(Type.Unknown()),
    force: Type.Optional(Type.Unknown()),
    custom_cache_timeout: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true, description: 'A query context (reference/superset-api.md §3.1)' },
);

/** `POST /api/v1/chart/data`: a query context, or none when `?form_data=` carries it. */
export const ChartDataRequest = Type.Optional(Type.Union([Type.Null(), QueryContextBody]));
export const ChartDataQuery = Type.Object({ form_data: Type.Optional(Type.String()) });

/** `…/data/{cache_key}`: a result kept in the cache. */
export const CacheKeyParams = Type.Object({ cache_key: Type.String() });

/** `POST /datasource/samples`. */
export const SamplesQuery = Type.Object({
  datasource_id: Type.Integer(),
  datasource_type: Type.String(),
  force: Type.Optional(Type.Boolean()),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1 })),
});
/** The drill-to-detail filters of a samples request (none: plain samples). */
export const SamplesRequest = Type.Optional(
  Type.Union([
    Type.Null(),
    Type.Object(
      {
        filters: Type.Optional(Type.Array(Type.Unknown())),
        granularity: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        time_range: Type.Optional(Type.Union([Type.String(), Type.Null()])),
        extras: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      },
      { additionalProperties: true },
    ),
  ]),
);
export const SamplesResponse = Type.Object({ result: ChartDataEntry });
export type SamplesResponse = Static<typeof SamplesResponse>;

/** `GET /api/v1/async_event/?last_id=`: the caller's events after `last_id`, each with its stream id. */
export const AsyncEventsQuery = Type.Object({ last_id: Type.Optional(Type.String()) });
export const AsyncEventsResponse = Type.Object({
  result: Type.Array(Type.Record(Type.String(), Type.Unknown())),
});
export type AsyncEventsResponse = Static<typeof AsyncEventsResponse>;

/** `/superset/explore_json/`: the form data and the output flags (`?csv=`, `?query=`…). */
export const ExploreJsonQuery = Type.Object(
  {
    form_data: Type.Optional(Type.String()),
    csv: Type.Optional(Type.String()),
    query: Type.Optional(Type.String()),
    results: Type.Optional(Type.String()),
    samples: Type.Optional(Type.String()),
    force: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);
export const ExploreJsonRequest = Type.Optional(
  Type.Union([
    Type.Null(),
    Type.Object({ form_data: Type.Optional(Type.Unknown()) }, { additionalProperties: true }),
  ]),
);
export const ExploreJsonParams = Type.Object({
  datasource_type: Type.String(),
  datasource_id: Type.String(),
});
/** A legacy explore_json payload. */
export const ExploreJsonResponse = ChartDataEntry;
export type ExploreJsonResponse = Static<typeof ExploreJsonResponse>;
