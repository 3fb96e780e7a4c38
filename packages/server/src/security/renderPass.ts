import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { createSession, revokeSession } from './sessionStore.ts';
import { issueToken } from './tokens.ts';

/**
 * A screenshot's access to the web app: a session of kind `render` for the user whose rights the
 * picture shows, and a token naming it. It is scoped to one render three ways: it lives no longer
 * than the render may take, the renderer ends it when the picture is taken, and a request carrying it
 * may only read (http/authentication.ts refuses every write but the read-only data POSTs). The
 * token travels in a request header the renderer adds to requests for the app's own origin only,
 * never in a URL or a cookie.
 */

export const RENDER_TOKEN_HEADER = 'x-vitrina-render';

export interface RenderPass {
  sessionId: string;
  token: string;
}

export async function openRenderPass(
  db: Kysely<MetastoreSchema>,
  secretKey: string,
  userId: number,
  lifetimeSeconds: number,
): Promise<RenderPass> {
  const seconds = Math.max(1, Math.ceil(lifetimeSeconds));
  const sessionId = await createSession(db, { userId, kind: 'render', lifetimeSeconds: seconds });
  const token = await issueToken(secretKey, { userId, sessionId }, 'render', false, seconds);
  return { sessionId, token };
}

export async function closeRenderPass(db: Kysely<MetastoreSchema>, pass: RenderPass): Promise<void> {
  await revokeSession(db, pass.sessionId);
}
