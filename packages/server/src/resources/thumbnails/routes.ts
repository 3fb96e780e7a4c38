import { MessageResponse } from '@vitrina/common/api/shared';
import { ThumbnailParams, ThumbnailPng, ThumbnailQuerystring } from '@vitrina/common/api/thumbnail';
import type { ThumbnailKind } from '../../flows/thumbnails/digest.ts';
import { thumbnailsEnabled } from '../../flows/thumbnails/settings.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { RouteModule } from '../../http/types.ts';
import { answerThumbnail } from './thumbnails.ts';

/**
 * `GET /api/v1/{chart|dashboard}/<pk>/thumbnail/<digest>/` (Superset's thumbnail endpoints, can_read on
 * the object's class), only with the THUMBNAILS feature flag on. The answers are described in
 * common/src/api/thumbnail.ts.
 */

const VIEWS: Record<ThumbnailKind, { view: string; tag: string }> = {
  chart: { view: 'Chart', tag: 'Charts' },
  dashboard: { view: 'Dashboard', tag: 'Dashboards' },
};

/** A picture's URL names its content; an hour in the browser's cache covers a page of cards and back. */
const BROWSER_CACHE = 'private, max-age=3600';

const truthy = (value: boolean | string | undefined) =>
  value === true ||
  (typeof value === 'string' && ['true', '1', 'yes', 'y', 't'].includes(value.toLowerCase()));

export const thumbnailRoutes: RouteModule = (app, ctx) => {
  if (!thumbnailsEnabled(ctx)) return;
  for (const kind of ['chart', 'dashboard'] as const) {
    app.get(
      `/api/v1/${kind}/:id/thumbnail/:digest/`,
      {
        config: { access: access.can('can_read', VIEWS[kind].view) },
        schema: {
          tags: [VIEWS[kind].tag],
          summary: `A small picture of the ${kind} as the caller sees it`,
          params: ThumbnailParams,
          querystring: ThumbnailQuerystring,
          produces: ['image/png', 'application/json'],
          response: {
            200: ThumbnailPng,
            202: MessageResponse,
            ...errorResponses(400, 401, 403, 404),
          },
        },
      },
      async (request, reply) => {
        const answer = await answerThumbnail(ctx, request.principal!, {
          kind,
          id: request.params.id,
          digest: request.params.digest,
          force: truthy(request.query.force),
        });
        if (answer.kind === 'moved') return reply.redirect(answer.location, 302);
        if (answer.kind === 'drawing') return reply.code(202).send({ message: 'OK' });
        return reply
          .header('content-type', 'image/png')
          .header('cache-control', BROWSER_CACHE)
          .header('etag', answer.etag)
          .send(answer.png as never);
      },
    );
  }
};
