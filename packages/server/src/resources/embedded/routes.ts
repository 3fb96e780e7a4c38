import { DashboardIdOrSlugParams as IdOrSlugParams } from '@vitrina/common/api/dashboard';
import {
  EmbeddedDashboardBody,
  EmbeddedDashboardResponse,
  EmbeddedUuidParams,
  GuestTokenRequest,
  GuestTokenResponse,
} from '@vitrina/common/api/embedded';
import { MessageResponse } from '@vitrina/common/api/shared';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { WebApp } from '../../http/spa.ts';
import type { RouteModule } from '../../http/types.ts';
import {
  embeddedPageDomains,
  getEmbedded,
  getEmbeddedByUuid,
  grantGuestToken,
  removeEmbedded,
  requireEmbedding,
  setEmbedded,
} from './service.ts';

/**
 * Embedded dashboards (Superset's DashboardRestApi `embedded`, EmbeddedDashboardRestApi, the guest
 * token of SecurityRestApi) and the page a host application frames. All of it answers 404 while the
 * EMBEDDED_SUPERSET flag is off.
 */

const errors = errorResponses(400, 401, 403, 404);
const CSP_HEADER = 'content-security-policy';

export function embeddedRoutes(webApp: WebApp): RouteModule {
  return (app, ctx) => {
    const tags = ['Embedded dashboards'];

    app.get(
      '/api/v1/dashboard/:id_or_slug/embedded',
      {
        config: { access: access.can('can_read', 'Dashboard') },
        schema: {
          tags,
          summary: "The dashboard's embedding configuration",
          params: IdOrSlugParams,
          response: { 200: EmbeddedDashboardResponse, ...errors },
        },
      },
      async (request) => {
        requireEmbedding(ctx);
        return { result: await getEmbedded(ctx, request.principal!, request.params.id_or_slug) };
      },
    );

    for (const method of ['post', 'put'] as const) {
      app[method](
        '/api/v1/dashboard/:id_or_slug/embedded',
        {
          config: { access: access.can('can_set_embedded', 'Dashboard') },
          schema: {
            tags,
            summary: 'Embed the dashboard, or change the sites allowed to embed it (its uuid is kept)',
            params: IdOrSlugParams,
            body: EmbeddedDashboardBody,
            response: { 200: EmbeddedDashboardResponse, ...errors },
          },
        },
        async (request) => {
          requireEmbedding(ctx);
          return {
            result: await setEmbedded(ctx, request.principal!, request.params.id_or_slug, request.body),
          };
        },
      );
    }

    app.delete(
      '/api/v1/dashboard/:id_or_slug/embedded',
      {
        config: { access: access.can('can_set_embedded', 'Dashboard') },
        schema: {
          tags,
          summary: 'Stop embedding the dashboard: its guest tokens stop working at once',
          params: IdOrSlugParams,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        requireEmbedding(ctx);
        await removeEmbedded(ctx, request.principal!, request.params.id_or_slug);
        return { message: 'OK' };
      },
    );

    app.get(
      '/api/v1/embedded_dashboard/:uuid',
      {
        config: { access: access.can('can_read', 'EmbeddedDashboard') },
        schema: {
          tags,
          summary: 'An embedding configuration by its uuid',
          params: EmbeddedUuidParams,
          response: { 200: EmbeddedDashboardResponse, ...errors },
        },
      },
      async (request) => {
        requireEmbedding(ctx);
        return { result: await getEmbeddedByUuid(ctx, request.principal!, request.params.uuid) };
      },
    );

    app.post(
      '/api/v1/security/guest_token/',
      {
        config: { access: access.can('can_grant_guest_token', 'SecurityRestApi') },
        schema: {
          tags,
          summary: "A short-lived token for a host application's page to show embedded dashboards",
          body: GuestTokenRequest,
          response: { 200: GuestTokenResponse, ...errors },
        },
      },
      async (request) => {
        requireEmbedding(ctx);
        return { token: await grantGuestToken(ctx, request.body) };
      },
    );

    app.get(
      '/embedded/:uuid',
      {
        config: { access: access.public() },
        schema: { hide: true, params: EmbeddedUuidParams },
      },
      async (request, reply) => {
        const domains = await embeddedPageDomains(ctx, request.params.uuid, request.headers.referer);
        // The allowed sites may frame this page (any site when none is listed); no other page may be.
        const ancestors = domains.length === 0 ? '*' : domains.join(' ');
        // Helmet writes these on the raw response when the request comes in.
        const policy = reply.raw.getHeader(CSP_HEADER);
        if (typeof policy === 'string') {
          reply.raw.setHeader(
            CSP_HEADER,
            policy.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`),
          );
        }
        reply.raw.removeHeader('x-frame-options');
        return webApp.sendPage(reply);
      },
    );
  };
}
