import net from 'node:net';
import type { ConnectionSpec } from '../drivers/driver.ts';

/**
 * The machine's PostgreSQL, MariaDB and Redis. Tests use them when reachable; with CI=true they
 * must be reachable, so a missing service fails the run instead of silently skipping tests.
 */
export const SERVICES = {
  postgres: {
    host: '127.0.0.1',
    port: 5432,
    url: process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  },
  mariadb: {
    host: '127.0.0.1',
    port: 3306,
    url: process.env.TEST_MARIADB_URL ?? 'mysql://root@127.0.0.1:3306/test',
  },
  redis: { host: '127.0.0.1', port: 6379, url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
} as const;

export type ServiceName = keyof typeof SERVICES;

/** An in-memory DuckDB as a database connection's spec (nothing to start, nothing left behind). */
export const MEMORY_DUCKDB: ConnectionSpec = {
  engine: 'duckdb',
  username: null,
  password: null,
  host: null,
  port: null,
  database: ':memory:',
  query: {},
};

/** The machine's PostgreSQL or MariaDB as a database connection's spec (TEST_*_URL or the default). */
export function serviceSpec(engine: 'postgresql' | 'mysql'): ConnectionSpec {
  const postgres = engine === 'postgresql';
  const url = new URL(postgres ? SERVICES.postgres.url : SERVICES.mariadb.url);
  return {
    engine,
    username: decodeURIComponent(url.username) || (postgres ? 'postgres' : 'root'),
    password: url.password ? decodeURIComponent(url.password) : null,
    host: url.hostname,
    port: Number(url.port || (postgres ? 5432 : 3306)),
    database: url.pathname.slice(1) || (postgres ? 'postgres' : 'test'),
    query: {},
  };
}

const probes = new Map<ServiceName, Promise<boolean>>();

function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * True when the service answers. In CI a missing service throws, failing the suite that needs it;
 * elsewhere it prints one line saying which tests are skipped.
 */
export async function serviceAvailable(name: ServiceName): Promise<boolean> {
  let probe = probes.get(name);
  if (!probe) {
    const { host, port } = SERVICES[name];
    probe = reachable(host, port);
    probes.set(name, probe);
  }
  const ok = await probe;
  if (!ok && process.env.CI === 'true') {
    throw new Error(
      `${name} is not reachable at ${SERVICES[name].host}:${SERVICES[name].port}, and CI=true requires it`,
    );
  }
  if (!ok) console.warn(`[tests] ${name} is not reachable: its tests are skipped on this machine`);
  return ok;
}
