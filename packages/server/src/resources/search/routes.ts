import { SearchQuerystring, SearchResponse } from '@vitrina/common/api/search';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { search, searchArguments } from './service.ts';

/**
 * `GET /api/v1/search/`: the navigation's one search. Any signed-in user may ask; what each kind answers
 * follows that kind's own read permission and list visibility (service.ts).
 */

const errors = errorResponses(400, 401, 403);

export const searchRoutes: RouteModule = (app, ctx) => {
  app.get(
    '/api/v1/search/',
    {
      config: { access: access.authenticated() },
      schema: {
        tags: ['Search'],
        summary:
          'Dashboards, charts, datasets, saved queries, databases and tags the caller may open, by name',
        description: [
          'Finds objects by their English and Russian titles and descriptions, and datasets also by their columns’ and metrics’ verbose names.',
          'Ranked: exact, prefix, word start, anywhere, then fuzzy (a few typing slips); ties by kind (dashboard, chart, dataset, saved query, database, tag) and the most recently changed. A kind is searched only with can_read on its view, and only the objects its own list shows the caller are answered; tags only while the TAGGING_SYSTEM flag is on.',
          '`limit` (default 5, at most 50) is per kind; a blank query answers nothing.',
        ].join('\n\n'),
        querystring: SearchQuerystring,
        response: { 200: SearchResponse, ...errors },
      },
    },
    async (request) => {
      const result = await search(ctx, request.principal!, searchArguments(request.query.q));
      return { result, count: result.length };
    },
  );
};
