import { FeatureFlagsResponse } from '@vitrina/common/api/featureFlags';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';

/**
 * `GET /api/v1/feature_flags/`: the feature flags in force (Superset sends them in the page's
 * bootstrap data), so the web app gates screens and calls the same way the server gates routes.
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
    async () => ({ result: { ...ctx.config.featureFlags } }),
  );
};
