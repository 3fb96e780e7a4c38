/**
 * The contract of `GET /api/v1/time_range/?q=<rison>` (Superset's Api.time_range): range strings
 * evaluated to their bounds, naive ISO in UTC (`""` for an open bound), always as a list.
 */
import { type Static, Type } from 'typebox';

export const TimeRangeQuerystring = Type.Object({
  q: Type.Optional(
    Type.String({
      description: "Rison: 'Last week' or !((timeRange:'Last week',shift:'1 year ago'))",
    }),
  ),
});

export const TimeRangeBounds = Type.Object({
  since: Type.String(),
  until: Type.String(),
  timeRange: Type.String(),
  shift: Type.Union([Type.String(), Type.Null()]),
});
export type TimeRangeBounds = Static<typeof TimeRangeBounds>;

export const TimeRangeResponse = Type.Object({ result: Type.Array(TimeRangeBounds) });
