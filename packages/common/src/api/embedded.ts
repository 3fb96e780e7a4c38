/**
 * Embedded dashboards and guest tokens (reference/superset-api-more.md §5): a dashboard's embedding
 * configuration (`/api/v1/dashboard/{id_or_slug}/embedded`, `/api/v1/embedded_dashboard/{uuid}`) and the
 * short-lived token a host application's back end asks for (`POST /api/v1/security/guest_token/`).
 */
import { type Static, Type } from 'typebox';

/** `POST|PUT /api/v1/dashboard/{id_or_slug}/embedded`: the sites allowed to frame it ([] = any). */
export const EmbeddedDashboardBody = Type.Object({
  allowed_domains: Type.Array(Type.String({ maxLength: 2000 }), {
    maxItems: 100,
    description: 'Origins (https://app.example.com) that may embed the dashboard; empty: any site',
  }),
});
export type EmbeddedDashboardBody = Static<typeof EmbeddedDashboardBody>;

export const EmbeddedDashboard = Type.Object({
  uuid: Type.String(),
  allowed_domains: Type.Array(Type.String()),
  /** A string, as Superset answers it. */
  dashboard_id: Type.String(),
  changed_on: Type.String(),
  changed_by: Type.Union([
    Type.Null(),
    Type.Object({
      id: Type.Integer(),
      username: Type.String(),
      first_name: Type.String(),
      last_name: Type.String(),
    }),
  ]),
});
export type EmbeddedDashboard = Static<typeof EmbeddedDashboard>;

export const EmbeddedDashboardResponse = Type.Object({ result: EmbeddedDashboard });
export type EmbeddedDashboardResponse = Static<typeof EmbeddedDashboardResponse>;

export const EmbeddedUuidParams = Type.Object({ uuid: Type.String() });

/** The page `/embedded/{uuid}`: the SDK's ui config and filter switches pass through. */
export const EmbeddedPageQuery = Type.Object({}, { additionalProperties: true });

export const GuestTokenRequest = Type.Object({
  user: Type.Optional(
    Type.Object(
      {
        username: Type.Optional(Type.String({ maxLength: 255 })),
        first_name: Type.Optional(Type.String({ maxLength: 255 })),
        last_name: Type.Optional(Type.String({ maxLength: 255 })),
      },
      { additionalProperties: true },
    ),
  ),
  resources: Type.Array(
    Type.Object(
      {
        type: Type.Literal('dashboard'),
        id: Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Integer()]),
      },
      { additionalProperties: true },
    ),
    { minItems: 1, maxItems: 100 },
  ),
  rls: Type.Array(
    Type.Object(
      {
        dataset: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
        clause: Type.String({ minLength: 1, maxLength: 10_000 }),
      },
      { additionalProperties: true },
    ),
    { maxItems: 100 },
  ),
});
export type GuestTokenRequest = Static<typeof GuestTokenRequest>;

export const GuestTokenResponse = Type.Object({ token: Type.String() });
export type GuestTokenResponse = Static<typeof GuestTokenResponse>;
