import { ASYNC_EVENTS_WEBSOCKET_PATH } from '@vitrina/common/api/constants/asyncEvents';
import { FeatureFlagsResponse } from '@vitrina/common/api/featureFlags';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';

/**
 * `GET /api/v1/feature_flags/`: the feature flags in force (Superset sends them in the page's
 * bootstrap data), so the web app gates screens and calls the same way the server gates routes; `conf`
 * tells it how to hear about async chart data jobs (Superset's GLOBAL_ASYNC_QUERIES_* settings).
 */
export const featureFlagRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/v1/feature_flags/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['Current user'],
        response: { 200: FeatureFlagsResponse, ...errorResponses(401) },
      },
    },
    async () => {
      const { transport, websocketUrl, pollingDelayMs } = ctx.config.asyncQueries;
      return {
        result: { ...ctx.config.featureFlags },
        conf: {
          GLOBAL_ASYNC_QUERIES_TRANSPORT: transport,
          GLOBAL_ASYNC_QUERIES_WEBSOCKET_URL: websocketUrl ?? ASYNC_EVENTS_WEBSOCKET_PATH,
          GLOBAL_ASYNC_QUERIES_POLLING_DELAY: pollingDelayMs,
          DEFAULT_VIZ_TYPE: ctx.config.exploreDefaults.vizType,
          DEFAULT_TIME_FILTER: ctx.config.exploreDefaults.timeFilter,
          ...(ctx.config.mapboxApiKey ? { MAPBOX_API_KEY: ctx.config.mapboxApiKey } : {}),
        },
      };
    },
  );
};
