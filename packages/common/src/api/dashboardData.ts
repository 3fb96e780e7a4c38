import { type Static, Type } from 'typebox';
import { ChartDataQueryResult } from './chartData.ts';
import { MAX_CHARTS_PER_REQUEST } from './constants/dashboardData.ts';

/**
 * The one-request dashboard data call: `POST /api/v1/dashboard/{id_or_slug}/chart_data`. The body lists
 * each visible chart: its saved query, which the server builds from the chart's stored form data with the
 * dashboard's filters in scope (`extra_form_data`), or a query context of the caller's; the answer is newline-delimited JSON, one line per chart as soon
 * as its result is ready (in no particular order), so the page draws charts progressively. Defined once
 * here: the server validates and documents with these schemas, the web reads the same types. Its
 * media type and size limit: api/constants/dashboardData.ts.
 */
const FilterObject = Type.Record(Type.String(), Type.Unknown());

/**
 * The dashboard's native filters and cross-filters in scope of one chart, merged (filters/types.ts
 * ExtraFormData): appended to the saved chart's filters, its time range, column and grain overriding.
 */
export const ExtraFormDataSchema = Type.Object(
  {
    filters: Type.Optional(Type.Array(FilterObject)),
    adhoc_filters: Type.Optional(Type.Array(FilterObject)),
    time_range: Type.Optional(Type.String()),
    granularity_sqla: Type.Optional(Type.String()),
    time_grain_sqla: Type.Optional(Type.String()),
    time_column: Type.Optional(Type.String()),
    relative_start: Type.Optional(Type.String()),
    relative_end: Type.Optional(Type.String()),
  },
  {
    additionalProperties: false,
    description:
      "The dashboard's filters in scope of this chart, applied to its saved query (not with query_context)",
  },
);

export const DashboardChartDataRequestItemSchema = Type.Object(
  {
    key: Type.String({
      minLength: 1,
      maxLength: 200,
      description: "The client's key for this chart, echoed on its answer line (unique in the request)",
    }),
    slice_id: Type.Integer({ minimum: 1, description: 'The chart; it must be on the dashboard' }),
    query_context: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          'A query context of the caller’s (reference/superset-api.md §3.1), result_format json. Without it ' +
          "the server builds the chart's query from its saved form data and `extra_form_data`",
      }),
    ),
    extra_form_data: Type.Optional(ExtraFormDataSchema),
    force: Type.Optional(Type.Boolean({ description: "Bypass the cache for this chart's query" })),
  },
  { additionalProperties: false },
);

export const DashboardChartDataRequestSchema = Type.Object(
  {
    charts: Type.Array(DashboardChartDataRequestItemSchema, { maxItems: MAX_CHARTS_PER_REQUEST }),
    force: Type.Optional(Type.Boolean({ description: 'Bypass the cache for every chart (force refresh)' })),
  },
  { additionalProperties: false },
);

export type DashboardChartDataRequestItem = Static<typeof DashboardChartDataRequestItemSchema>;
export type DashboardChartDataRequest = Static<typeof DashboardChartDataRequestSchema>;

const ChartDataLineError = Type.Object({
  message: Type.String(),
  error_type: Type.Optional(Type.String()),
  level: Type.Optional(Type.String()),
  extra: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
});

/**
 * One line of the streamed answer: `status` 200 with `result` (what `POST /api/v1/chart/data` answers in
 * `result`), or the status and body (`message` and/or SIP-40 `errors`) the per-chart endpoint would give.
 */
export const DashboardChartDataLineSchema = Type.Object(
  {
    key: Type.String(),
    status: Type.Integer({ description: '200, or the status POST /api/v1/chart/data would have answered' }),
    result: Type.Optional(Type.Array(ChartDataQueryResult)),
    message: Type.Optional(
      Type.Union([Type.String(), Type.Record(Type.String(), Type.Array(Type.String()))], {
        description: "A text, or messages per field for a refused request (FAB's 400/422 bodies)",
      }),
    ),
    errors: Type.Optional(Type.Array(ChartDataLineError)),
  },
  { additionalProperties: false },
);

export type DashboardChartDataLine = Static<typeof DashboardChartDataLineSchema>;
