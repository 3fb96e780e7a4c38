/**
 * What a route needs from its caller, declared in one place on every route (`config.access`).
 * The access hook enforces it; app.ts refuses to register a route without one.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'permission'; permission: string; view: string };

export const access = {
  /** Anyone, logged in or not: login, health, static files. */
  public: (): Access => ({ kind: 'public' }),
  /** Any logged-in user: their own profile, their own roles. */
  authenticated: (): Access => ({ kind: 'authenticated' }),
  /** A (permission, view) pair as in Superset, e.g. can('can_read', 'User'). */
  can: (permission: string, view: string): Access => ({ kind: 'permission', permission, view }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}
