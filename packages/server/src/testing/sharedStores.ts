import { afterAll, beforeAll } from 'vitest';
import { useTestRedis } from './redis.ts';
import { SERVICES } from './services.ts';
import { createPostgresDatabase, type TestAppOptions } from './testApp.ts';

export interface SharedStores {
  databaseUrl: string;
  redisUrl: string;
  /** The suite's own Redis namespace: its queue, locks and cache are nobody else's. */
  keyPrefix: string;
  /** What createTestApp needs so that an app joins the others. */
  appOptions: Pick<TestAppOptions, 'config' | 'redis'>;
}

/**
 * What the processes of one scaled-out installation share, for a suite whose apps (or child
 * processes) stand for those processes: a new PostgreSQL metastore and a Redis key prefix, made
 * before the suite and removed after it. Call inside a describe.skipIf(!postgres || !redis) block,
 * before the suite's own hooks, so its apps are closed before the database is dropped.
 */
export function useSharedStores(name: string): () => SharedStores {
  const testRedis = useTestRedis();
  let database: Awaited<ReturnType<typeof createPostgresDatabase>> | undefined;
  beforeAll(async () => {
    // Opens the suite's own connection, which deletes the run's keys afterwards.
    await testRedis.redis.ping();
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error('the shared stores are not made yet');
    const keyPrefix = `${testRedis.prefix}${name}`;
    return {
      databaseUrl: database.url,
      redisUrl: SERVICES.redis.url,
      keyPrefix,
      appOptions: {
        config: { databaseUrl: database.url },
        redis: { url: SERVICES.redis.url, keyPrefix },
      },
    };
  };
}
