/**
 * The contract of `GET /api/v1/feature_flags/`: the feature flags in force, by name, and the settings
 * the web app needs along with them (Superset sends both in the page's bootstrap data, `conf` there).
 */
import { type Static, Type } from 'typebox';

/**
 * How the web app hears about its async chart data jobs (GLOBAL_ASYNC_QUERIES), by Superset's names:
 * a websocket (`ws`) that falls back to polling, or polling only; the websocket's URL (a path is on the
 * app's own origin); the milliseconds between polls.
 */
export const AsyncQueriesConf = Type.Object({
  GLOBAL_ASYNC_QUERIES_TRANSPORT: Type.Union([Type.Literal('ws'), Type.Literal('polling')]),
  GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: Type.String(),
  GLOBAL_ASYNC_QUERIES_POLLING_DELAY: Type.Integer({ minimum: 1 }),
});
export type AsyncQueriesConf = Static<typeof AsyncQueriesConf>;

/** What a new chart in explore starts with: Superset's DEFAULT_VIZ_TYPE and DEFAULT_TIME_FILTER. */
export const ExploreDefaultsConf = Type.Object({
  DEFAULT_VIZ_TYPE: Type.String(),
  DEFAULT_TIME_FILTER: Type.String(),
});
export type ExploreDefaultsConf = Static<typeof ExploreDefaultsConf>;

/** The Mapbox access token the MapBox chart draws its map with (Superset's MAPBOX_API_KEY); absent when unset. */
export const MapboxConf = Type.Object({ MAPBOX_API_KEY: Type.Optional(Type.String()) });
export type MapboxConf = Static<typeof MapboxConf>;

export const FeatureFlagsResponse = Type.Object({
  result: Type.Record(Type.String(), Type.Boolean()),
  conf: Type.Intersect([AsyncQueriesConf, ExploreDefaultsConf, MapboxConf]),
});
export type FeatureFlagsResponse = Static<typeof FeatureFlagsResponse>;
