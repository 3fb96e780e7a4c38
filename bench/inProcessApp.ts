// The app in the bench's own process, for benches that compare a route with its baseline in one run.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../packages/server/src/app.ts';
import type { Config } from '../packages/server/src/config.ts';
import type { AppContext } from '../packages/server/src/http/types.ts';
import { createPlatform } from '../packages/server/src/platform/index.ts';
import type { Metastore } from '../packages/server/src/platform/metastore/index.ts';
import { prepareMetastore } from '../packages/server/src/prepareMetastore.ts';
import { createAdmin } from '../packages/server/src/security/admin.ts';
import { assembleContext } from '../packages/server/src/startup.ts';
import { ADMIN } from './server.ts';

export interface InProcessApp {
  metastore: Metastore;
  ctx: AppContext;
  app: FastifyInstance;
  /** The admin's bearer token, as a request's headers. */
  headers: { authorization: string };
}

/**
 * The app on config's metastore, in memory for everything else, with the admin signed in. `wrap` lets a
 * bench see the app's metastore queries (the admin is created on the unwrapped one).
 */
export async function inProcessApp(
  config: Config,
  wrap: (metastore: Metastore) => Metastore = (metastore) => metastore,
): Promise<InProcessApp> {
  const metastore = await prepareMetastore(config);
  const ctx = assembleContext({
    config,
    metastore: wrap(metastore),
    platform: createPlatform({ redisUrl: null }),
    secretKey: randomBytes(32).toString('base64url'),
    loginRateLimit: { maxFailures: 1000, windowSeconds: 60 },
  });
  await createAdmin(metastore.db, ADMIN, { onlyIfNoUsers: true });
  const app = await buildApp(ctx);
  const login = await app.inject({
    method: 'POST',
    url: '/api/v1/security/login',
    payload: { ...ADMIN, provider: 'db' },
  });
  const headers = { authorization: `Bearer ${login.json<{ access_token: string }>().access_token}` };
  return { metastore, ctx, app, headers };
}
