import net from 'node:net';
import path from 'node:path';
import { NO_FILTER } from '@vitrina/common/viz/shared/query';
import { METASTORE_URL_PROTOCOLS } from './platform/metastore/kinds.ts';
import { DEFAULT_ADMIN_PASSWORD } from './security/defaultPassword.ts';
import type { GuestTokenSettings } from './security/guestToken.ts';
import { type OidcSettings, parseOidcSettings } from './security/oidcSettings.ts';
import type { SqlPolicySettings } from './security/sqlPolicy/policy.ts';
import { parseSqlPolicySettings } from './security/sqlPolicy/settings.ts';
import { maskQuerySecrets } from './security/uriSecrets.ts';

/** Everything the server reads from the environment, parsed and checked once at start-up. */
export interface Config {
  host: string;
  port: number;
  /** The server's own files (metastore, secret key): private, never a data source (VITRINA_DATA_DIR). */
  dataDir: string;
  /**
   * `<dataDir>/files`: the example data and files an administrator registers as databases. The only
   * place inside the data dir a data source may point; relative database paths resolve here.
   */
  filesDir: string;
  adminUsername: string;
  adminPassword: string;
  /** null: generated once and kept in the data dir (see secretKey.ts). */
  secretKey: string | null;
  databaseUrl: string | null;
  redisUrl: string | null;
  /**
   * The start of every Redis key (VITRINA_REDIS_PREFIX, default `vitrina`): installations that share
   * one Redis each take their own; every process of one installation must use the same.
   */
  redisPrefix: string;
  featureFlags: Record<string, boolean>;
  smtpUrl: string | null;
  /** The sender of report mails (SMTP_FROM): an address, or `Name <address>`. */
  smtpFrom: string;
  /** Largest report mail, body and attachments, in bytes (VITRINA_REPORT_MAX_MAIL_BYTES). */
  reportMaxMailBytes: number;
  /**
   * Shortest time between two runs of one schedule a crontab may ask for, in seconds; 0: no limit
   * (VITRINA_REPORT_MIN_INTERVAL_SECONDS, Superset's ALERT_MINIMUM_INTERVAL and REPORT_MINIMUM_INTERVAL).
   */
  reportMinIntervalSeconds: number;
  /**
   * Where people reach the web app (VITRINA_PUBLIC_URL), for links in report mails; null: the
   * server's own host and port.
   */
  publicUrl: string | null;
  /**
   * Where the screenshot browser opens the web app (VITRINA_RENDER_URL): a server reachable from
   * this process, not through the public proxy; null: this machine's server on PORT.
   */
  renderUrl: string | null;
  /** Days the action log keeps its rows (VITRINA_LOG_RETENTION_DAYS); 0: forever. */
  logRetentionDays: number;
  /** The account every report runs as (VITRINA_REPORT_EXECUTOR); null: each report's owner. */
  reportExecutor: string | null;
  chromiumPath: string;
  /** The longest a picture may take to draw, in seconds (VITRINA_SCREENSHOT_TIMEOUT_SECONDS). */
  screenshotTimeoutSeconds: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Load the example data on first start (VITRINA_LOAD_EXAMPLES=false for a bare installation). */
  loadExamples: boolean;
  /** Chart data: cache lifetime, query time limit and row limits (Superset's names in the README). */
  chartData: {
    defaultCacheTimeoutSeconds: number;
    queryTimeoutSeconds: number;
    maxRowLimit: number;
    samplesRowLimit: number;
    /** Charts of one user's dashboards that run at once in this process. */
    dashboardConcurrency: number;
  };
  /** Pictures of charts and dashboards in the lists' cards (the THUMBNAILS feature flag). */
  thumbnails: {
    /** How long a drawn picture is kept (VITRINA_THUMBNAIL_CACHE_SECONDS). */
    cacheSeconds: number;
  };
  /** SQL Lab: row caps and time limits of sync and async runs (Superset's names in the README). */
  sqlLab: {
    maxRow: number;
    displayMaxRow: number;
    syncTimeoutSeconds: number;
    asyncTimeLimitSeconds: number;
    /** The database a new tab starts on (Superset's SQLLAB_DEFAULT_DBID); null: the lowest id. */
    defaultDatabaseId: number | null;
  };
  /**
   * How browsers hear about their async chart data jobs (the GLOBAL_ASYNC_QUERIES flag): the web app
   * reads these from `GET /api/v1/feature_flags/` as Superset's GLOBAL_ASYNC_QUERIES_* settings.
   */
  asyncQueries: {
    /**
     * 'ws': a websocket on this server (`/api/v1/async_event/ws`), falling back to polling when it
     * cannot connect; 'polling': no websocket route, clients poll `GET /api/v1/async_event/`
     * (VITRINA_ASYNC_TRANSPORT).
     */
    transport: 'ws' | 'polling';
    /**
     * Where clients open the websocket (VITRINA_ASYNC_WEBSOCKET_URL): a ws(s):// URL or a path on the
     * web app's own origin; null: `/api/v1/async_event/ws` on the same origin.
     */
    websocketUrl: string | null;
    /** Milliseconds between two polls (VITRINA_ASYNC_POLLING_DELAY_MS, Superset's POLLING_DELAY). */
    pollingDelayMs: number;
  };
  /**
   * What a new chart in explore starts with (Superset's DEFAULT_VIZ_TYPE and DEFAULT_TIME_FILTER): its
   * chart type (VITRINA_DEFAULT_VIZ_TYPE, a registered viz type) and its time range
   * (VITRINA_DEFAULT_TIME_FILTER, e.g. 'Last week'; 'No filter' by default).
   */
  exploreDefaults: { vizType: string; timeFilter: string };
  /**
   * The Mapbox access token (MAPBOX_API_KEY, Superset's name): sent to browsers, which draw the MapBox
   * chart's background from Mapbox's Static Images API with it; null: points on a plain background.
   */
  mapboxApiKey: string | null;
  /** The in-process cache's bound in bytes, when there is no Redis (VITRINA_CACHE_MAX_BYTES). */
  memoryCacheMaxBytes: number;
  /**
   * How far V8 lets the heap grow past what a full collection left alive, in percent
   * (VITRINA_HEAP_GROWING_PERCENT, default 50; 0: V8's own choice, up to four times). platform/heapSizing.ts.
   */
  heapGrowingPercent: number;
  /**
   * How long a busy turn of the event loop should last, in milliseconds: requests past it wait for a later
   * turn (VITRINA_TURN_BUDGET_MS, default 10; 0: no limit). http/turnBudget.ts.
   */
  turnBudgetMs: number;
  /**
   * ZIP archives users send (dashboard imports, XLSX workbooks), checked from the central directory
   * before anything is unpacked and again while inflating (platform/zip).
   */
  zipLimits: {
    /** Files in one archive (VITRINA_ZIP_MAX_FILES). */
    maxEntries: number;
    /** Unpacked ÷ packed size of one file, for files over a megabyte (VITRINA_ZIP_MAX_RATIO). */
    maxRatio: number;
    /** Unpacked bytes of one archive, most of it streamed to disk (VITRINA_ZIP_MAX_UNPACKED_BYTES). */
    maxUnpackedBytes: number;
    /**
     * Unpacked bytes of the files read into memory: a whole import archive, a workbook's shared
     * strings and styles (VITRINA_ZIP_MAX_IN_MEMORY_BYTES).
     */
    maxInMemoryBytes: number;
  };
  /**
   * Which proxies may name the client in X-Forwarded-For (VITRINA_TRUST_PROXY): none (false), the number
   * of proxies in front, or their addresses and CIDR ranges. Never "all": that would take the client's
   * address from whatever the client writes into the header (rate limits, session addresses, logs).
   */
  trustProxy: false | number | string[];
  /** The session cookie's Secure flag (VITRINA_COOKIE_SECURE): 'auto' sets it on HTTPS requests. */
  cookieSecure: 'auto' | boolean;
  /** Failed sign-ins allowed per account and per client address within a window (security/loginLimiter.ts). */
  loginLimits: { maxFailures: number; maxFailuresPerAddress: number; windowSeconds: number };
  /** Folder of the built web app; null when the server runs without one (API tests). */
  webDistDir: string | null;
  /**
   * Directories file-based databases (DuckDB, SQLite) may point into besides `filesDir`
   * (VITRINA_ALLOWED_FILE_DIRS, colon-separated absolute paths, none inside the data dir).
   */
  allowedFileDirs: string[];
  /**
   * Other processes open the same database files (serve, worker and scheduler run separately): an
   * engine whose files take one writing process at a time (DuckDB) then opens them read-only in
   * every process and takes no writes there. Set by the command (main.ts): false for `all`, the one
   * process that may write; true for `serve`, `worker`, `scheduler` and `load-examples`.
   */
  sharedDataFiles: boolean;
  /** The SQL trust boundary's operator settings (security/sqlPolicy/settings.ts). */
  sqlPolicy: SqlPolicySettings;
  /** Ways in besides an administrator creating the account (README, "Sign-in"). */
  signIn: {
    /** The username and password form and `POST /api/v1/security/login` (VITRINA_PASSWORD_LOGIN). */
    passwordLogin: boolean;
    /** The role self-registered and first-time OIDC users get; null: none (VITRINA_REGISTRATION_ROLE). */
    registrationRole: string | null;
    oidc: OidcSettings | null;
  };
  /** Embedded dashboards' guest tokens (security/guestToken.ts; Superset's GUEST_TOKEN_* settings). */
  guestTokens: GuestTokenSettings;
  /**
   * How fast a dead process's work is noticed by the others (README, "Running scaled out"): the
   * scheduler's leader lock (VITRINA_SCHEDULER_LOCK_SECONDS) and a worker's hold on its running jobs
   * (VITRINA_WORKER_LOCK_SECONDS). Each is renewed well within its lifetime; a holder killed without
   * releasing it is replaced once it expires.
   */
  locks: {
    schedulerSeconds: number;
    workerSeconds: number;
  };
  /** What an operator scrapes (README, "What to monitor"; platform/metrics/). */
  metrics: {
    /**
     * The bearer token `/metrics` asks for (VITRINA_METRICS_TOKEN); null: the main port does not serve
     * `/metrics` at all, so it never reaches the public internet by default.
     */
    token: string | null;
    /** A metrics-only listener of this process (VITRINA_METRICS_PORT), e.g. for worker and scheduler; null: none. */
    port: number | null;
    /** Where that listener binds (VITRINA_METRICS_HOST, default 127.0.0.1). */
    host: string;
  };
}

/** A bad environment value; the message names the variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
    this.name = 'ConfigError';
  }
}

/** The folder of the data dir that holds data files (see Config.filesDir). */
export const FILES_DIR_NAME = 'files';

export function filesDirOf(dataDir: string): string {
  return path.join(dataDir, FILES_DIR_NAME);
}

/** Feature flags on unless the operator says otherwise. */
export const DEFAULT_FEATURE_FLAGS: Record<string, boolean> = {
  ALERT_REPORTS: true,
  DASHBOARD_CROSS_FILTERS: true,
  DASHBOARD_RBAC: false,
  EMBEDDED_SUPERSET: true,
  ENABLE_TEMPLATE_PROCESSING: true,
  GLOBAL_ASYNC_QUERIES: false,
  HORIZONTAL_FILTER_BAR: true,
  // Superset's flag, off there too: with it on SQL Lab refuses tables under the user's row-level security.
  RLS_IN_SQLLAB: false,
  SQLLAB_BACKEND_PERSISTENCE: true,
  CONFIRM_DASHBOARD_DIFF: false,
  // People create their own account on the register page (README, "Sign-in").
  SELF_REGISTRATION: false,
  // Superset's flag is off by default; Vitrina's tags are a finished feature, so they are on.
  TAGGING_SYSTEM: true,
  // Superset's flag is off by default; Vitrina draws the list cards' pictures itself (flows/thumbnails).
  THUMBNAILS: true,
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const dataDir = path.resolve(cwd, nonEmpty(env, 'VITRINA_DATA_DIR') ?? 'var');
  return {
    host: nonEmpty(env, 'HOST') ?? '127.0.0.1',
    port: parsePort(env),
    dataDir,
    filesDir: filesDirOf(dataDir),
    adminUsername: parseAdminUsername(env),
    adminPassword: nonEmpty(env, 'VITRINA_ADMIN_PASSWORD') ?? DEFAULT_ADMIN_PASSWORD,
    secretKey: parseSecretKey(env),
    databaseUrl: parseUrl(env, 'DATABASE_URL', METASTORE_URL_PROTOCOLS),
    redisUrl: parseUrl(env, 'REDIS_URL', ['redis:', 'rediss:']),
    redisPrefix: parseRedisPrefix(env),
    featureFlags: parseFeatureFlags(env),
    smtpUrl: parseUrl(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    smtpFrom: parseMailFrom(env),
    // 25 MB: what common mail servers accept in one message.
    reportMaxMailBytes: parsePositiveInteger(env, 'VITRINA_REPORT_MAX_MAIL_BYTES', 25 * 1024 * 1024),
    reportMinIntervalSeconds: parseWholeNumber(env, 'VITRINA_REPORT_MIN_INTERVAL_SECONDS', 0),
    publicUrl: parsePublicUrl(env, 'VITRINA_PUBLIC_URL'),
    renderUrl: parsePublicUrl(env, 'VITRINA_RENDER_URL'),
    reportExecutor: nonEmpty(env, 'VITRINA_REPORT_EXECUTOR') ?? null,
    logRetentionDays: parseWholeNumber(env, 'VITRINA_LOG_RETENTION_DAYS', 90),
    chromiumPath: nonEmpty(env, 'VITRINA_CHROMIUM') ?? '/usr/bin/chromium',
    screenshotTimeoutSeconds: parsePositiveInteger(env, 'VITRINA_SCREENSHOT_TIMEOUT_SECONDS', 60),
    logLevel: parseLogLevel(env),
    loadExamples: parseBoolean(env, 'VITRINA_LOAD_EXAMPLES', true),
    trustProxy: parseTrustProxy(env),
    cookieSecure: parseCookieSecure(env),
    loginLimits: {
      maxFailures: parsePositiveInteger(env, 'VITRINA_LOGIN_MAX_FAILURES', 10),
      // Higher than per account: an office behind one address shares it.
      maxFailuresPerAddress: parsePositiveInteger(env, 'VITRINA_LOGIN_MAX_FAILURES_PER_ADDRESS', 50),
      windowSeconds: parsePositiveInteger(env, 'VITRINA_LOGIN_WINDOW', 300),
    },
    asyncQueries: {
      transport: parseAsyncTransport(env),
      websocketUrl: parseWebsocketUrl(env),
      pollingDelayMs: parsePositiveInteger(env, 'VITRINA_ASYNC_POLLING_DELAY_MS', 500),
    },
    exploreDefaults: {
      vizType: parseDefaultVizType(env),
      timeFilter: nonEmpty(env, 'VITRINA_DEFAULT_TIME_FILTER') ?? NO_FILTER,
    },
    mapboxApiKey: nonEmpty(env, 'MAPBOX_API_KEY') ?? null,
    memoryCacheMaxBytes: parsePositiveInteger(env, 'VITRINA_CACHE_MAX_BYTES', 256 * 1024 * 1024),
    heapGrowingPercent: parseWholeNumber(env, 'VITRINA_HEAP_GROWING_PERCENT', 50),
    turnBudgetMs: parseWholeNumber(env, 'VITRINA_TURN_BUDGET_MS', 10),
    zipLimits: {
      maxEntries: parsePositiveInteger(env, 'VITRINA_ZIP_MAX_FILES', 10_000),
      maxRatio: parsePositiveInteger(env, 'VITRINA_ZIP_MAX_RATIO', 200),
      maxUnpackedBytes: parsePositiveInteger(env, 'VITRINA_ZIP_MAX_UNPACKED_BYTES', 1024 * 1024 * 1024),
      maxInMemoryBytes: parsePositiveInteger(env, 'VITRINA_ZIP_MAX_IN_MEMORY_BYTES', 100 * 1024 * 1024),
    },
    chartData: {
      defaultCacheTimeoutSeconds: parsePositiveInteger(env, 'VITRINA_CACHE_DEFAULT_TIMEOUT', 86_400),
      queryTimeoutSeconds: parsePositiveInteger(env, 'VITRINA_QUERY_TIMEOUT', 60),
      maxRowLimit: parsePositiveInteger(env, 'VITRINA_ROW_LIMIT_MAX', 100_000),
      samplesRowLimit: parsePositiveInteger(env, 'VITRINA_SAMPLES_ROW_LIMIT', 1000),
      dashboardConcurrency: parsePositiveInteger(env, 'VITRINA_DASHBOARD_CONCURRENCY', 4),
    },
    thumbnails: {
      cacheSeconds: parsePositiveInteger(env, 'VITRINA_THUMBNAIL_CACHE_SECONDS', 86_400),
    },
    sqlLab: {
      maxRow: parsePositiveInteger(env, 'VITRINA_SQL_MAX_ROW', 100_000),
      displayMaxRow: parsePositiveInteger(env, 'VITRINA_DISPLAY_MAX_ROW', 10_000),
      syncTimeoutSeconds: parsePositiveInteger(env, 'VITRINA_SQLLAB_TIMEOUT', 30),
      asyncTimeLimitSeconds: parsePositiveInteger(env, 'VITRINA_SQLLAB_ASYNC_TIME_LIMIT', 21_600),
      defaultDatabaseId:
        nonEmpty(env, 'VITRINA_SQLLAB_DEFAULT_DBID') === undefined
          ? null
          : parsePositiveInteger(env, 'VITRINA_SQLLAB_DEFAULT_DBID', 1),
    },
    webDistDir: path.resolve(cwd, nonEmpty(env, 'VITRINA_WEB_DIST') ?? defaultWebDist()),
    allowedFileDirs: parseAllowedFileDirs(env, dataDir),
    sharedDataFiles: false,
    sqlPolicy: parseSqlPolicySettings(env),
    signIn: parseSignIn(env),
    guestTokens: {
      secret: nonEmpty(env, 'VITRINA_GUEST_TOKEN_SECRET') ?? null,
      audience: nonEmpty(env, 'VITRINA_GUEST_TOKEN_AUDIENCE') ?? 'vitrina',
      lifetimeSeconds: parsePositiveInteger(env, 'VITRINA_GUEST_TOKEN_LIFETIME_SECONDS', 300),
      roleName: nonEmpty(env, 'VITRINA_GUEST_ROLE') ?? 'Guest',
    },
    locks: {
      schedulerSeconds: parsePositiveInteger(env, 'VITRINA_SCHEDULER_LOCK_SECONDS', 30),
      workerSeconds: parsePositiveInteger(env, 'VITRINA_WORKER_LOCK_SECONDS', 30),
    },
    metrics: {
      token: nonEmpty(env, 'VITRINA_METRICS_TOKEN') ?? null,
      port:
        nonEmpty(env, 'VITRINA_METRICS_PORT') === undefined
          ? null
          : parsePortVariable(env, 'VITRINA_METRICS_PORT'),
      host: nonEmpty(env, 'VITRINA_METRICS_HOST') ?? '127.0.0.1',
    },
  };
}

function parseSignIn(env: Env): Config['signIn'] {
  const oidc = parseOidcSettings(env, (variable, reason) => {
    throw new ConfigError(variable, reason);
  });
  const passwordLogin = parseBoolean(env, 'VITRINA_PASSWORD_LOGIN', true);
  // Without either way in nobody could sign in at all.
  if (!passwordLogin && !oidc) {
    throw new ConfigError('VITRINA_PASSWORD_LOGIN', 'false needs an identity provider (VITRINA_OIDC_ISSUER)');
  }
  return { passwordLogin, registrationRole: nonEmpty(env, 'VITRINA_REGISTRATION_ROLE') ?? null, oidc };
}

function defaultWebDist(): string {
  return path.resolve(import.meta.dirname, '../../web/dist');
}

function nonEmpty(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(env: Env): number {
  return nonEmpty(env, 'PORT') === undefined ? 8088 : parsePortVariable(env, 'PORT');
}

function parsePortVariable(env: Env, name: string): number {
  const raw = nonEmpty(env, name) ?? '';
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port < 1 || port > 65535) {
    throw new ConfigError(name, `expected a port number from 1 to 65535, got "${raw}"`);
  }
  return port;
}

function parseAdminUsername(env: Env): string {
  const raw = nonEmpty(env, 'VITRINA_ADMIN_USERNAME') ?? 'admin';
  if (!/^[\w.@+-]{1,64}$/.test(raw)) {
    throw new ConfigError('VITRINA_ADMIN_USERNAME', 'use 1 to 64 letters, digits or . @ + - _');
  }
  return raw;
}

function parseSecretKey(env: Env): string | null {
  const raw = nonEmpty(env, 'VITRINA_SECRET_KEY');
  if (raw === undefined) return null;
  if (raw.length < 16) throw new ConfigError('VITRINA_SECRET_KEY', 'must be at least 16 characters long');
  return raw;
}

function parseUrl(env: Env, name: string, protocols: string[]): string | null {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, `not a valid URL: "${redact(raw)}"`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new ConfigError(name, `expected a ${protocols.join(' or ')}// URL, got "${url.protocol}//"`);
  }
  if (!url.hostname && !url.searchParams.has('host')) {
    throw new ConfigError(name, 'the URL names no host');
  }
  return raw;
}

const DEFAULT_MAIL_FROM = 'vitrina@localhost';

/** `address` or `Display Name <address>`; the address needs a local part and a domain. */
function parseMailFrom(env: Env): string {
  const raw = nonEmpty(env, 'SMTP_FROM');
  if (raw === undefined) return DEFAULT_MAIL_FROM;
  const address = /<([^<>]*)>\s*$/.exec(raw)?.[1] ?? raw;
  if (!/^[^\s@<>"]+@[^\s@<>"]+$/.test(address.trim())) {
    throw new ConfigError(
      'SMTP_FROM',
      `expected an address such as reports@example.com or "Vitrina <reports@example.com>", got "${raw}"`,
    );
  }
  return raw;
}

/** An http(s) URL without query or fragment; kept without its trailing slash so paths append. */
function parsePublicUrl(env: Env, name: string): string | null {
  const url = parseUrl(env, name, ['http:', 'https:']);
  if (url === null) return null;
  const parsed = new URL(url);
  if (parsed.search || parsed.hash) {
    throw new ConfigError(name, 'expected the address of the web app without ? or #');
  }
  return url.replace(/\/+$/, '');
}

function parseRedisPrefix(env: Env): string {
  const raw = nonEmpty(env, 'VITRINA_REDIS_PREFIX') ?? 'vitrina';
  if (!/^[A-Za-z0-9_.:-]{1,64}$/.test(raw)) {
    throw new ConfigError('VITRINA_REDIS_PREFIX', 'expected 1 to 64 letters, digits, "_", ".", ":" or "-"');
  }
  return raw;
}

function parseFeatureFlags(env: Env): Record<string, boolean> {
  const raw = nonEmpty(env, 'VITRINA_FEATURE_FLAGS');
  if (raw === undefined) return { ...DEFAULT_FEATURE_FLAGS };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError(
      'VITRINA_FEATURE_FLAGS',
      'not valid JSON; expected an object such as {"ALERT_REPORTS": true}',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError('VITRINA_FEATURE_FLAGS', 'expected a JSON object of flag names to true or false');
  }
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'boolean') {
      throw new ConfigError('VITRINA_FEATURE_FLAGS', `flag ${name} must be true or false`);
    }
    flags[name] = value;
  }
  return flags;
}

function parsePositiveInteger(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(name, `expected a positive whole number, got "${raw}"`);
  }
  return Number(raw);
}

function parseWholeNumber(env: Env, name: string, fallback: number): number {
  const raw = nonEmpty(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new ConfigError(name, `expected a whole number (0 or more), got "${raw}"`);
  }
  return Number(raw);
}

function parseBoolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = nonEmpty(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError(name, `expected true or false, got "${raw}"`);
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function parseTrustProxy(env: Env): Config['trustProxy'] {
  const name = 'VITRINA_TRUST_PROXY';
  const raw = nonEmpty(env, name);
  if (raw === undefined || ['0', 'false', 'no'].includes(raw.toLowerCase())) return false;
  if (['true', 'yes'].includes(raw.toLowerCase())) {
    throw new ConfigError(
      name,
      'true would take the client address from whatever a client writes into X-Forwarded-For; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) throw new ConfigError(name, `expected a number of proxies from 1 to 32, got ${raw}`);
    return hops;
  }
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry)) {
      throw new ConfigError(
        name,
        `"${entry}" is neither a number of proxies, an IP address, a CIDR range nor one of ${PROXY_RANGE_NAMES.join(', ')}`,
      );
    }
  }
  return entries;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** A chart type's name; start-up checks it is a registered one (the registry loads lazily). */
function parseDefaultVizType(env: Env): string {
  const raw = nonEmpty(env, 'VITRINA_DEFAULT_VIZ_TYPE');
  if (raw === undefined) return 'table';
  if (!/^[a-z][a-z0-9_]*$/.test(raw))
    throw new ConfigError('VITRINA_DEFAULT_VIZ_TYPE', `expected a chart type such as table, got "${raw}"`);
  return raw;
}

function parseAsyncTransport(env: Env): Config['asyncQueries']['transport'] {
  const raw = nonEmpty(env, 'VITRINA_ASYNC_TRANSPORT')?.toLowerCase();
  if (raw === undefined || raw === 'ws') return 'ws';
  if (raw === 'polling') return 'polling';
  throw new ConfigError('VITRINA_ASYNC_TRANSPORT', `expected ws or polling, got "${raw}"`);
}

/** A ws:// or wss:// URL, or an absolute path on the web app's origin; without query or fragment. */
function parseWebsocketUrl(env: Env): string | null {
  const name = 'VITRINA_ASYNC_WEBSOCKET_URL';
  const raw = nonEmpty(env, name);
  if (raw === undefined) return null;
  if (raw.startsWith('/') && !raw.startsWith('//')) {
    if (/[?#\s]/.test(raw)) throw new ConfigError(name, `expected a path without ? or #, got "${raw}"`);
    return raw;
  }
  const url = parseUrl(env, name, ['ws:', 'wss:']) as string;
  const parsed = new URL(url);
  if (parsed.search || parsed.hash)
    throw new ConfigError(name, 'expected the websocket address without ? or #');
  return url;
}

function parseCookieSecure(env: Env): Config['cookieSecure'] {
  const raw = nonEmpty(env, 'VITRINA_COOKIE_SECURE')?.toLowerCase();
  if (raw === undefined || raw === 'auto') return 'auto';
  if (['1', 'true', 'yes'].includes(raw)) return true;
  if (['0', 'false', 'no'].includes(raw)) return false;
  throw new ConfigError('VITRINA_COOKIE_SECURE', `expected auto, true or false, got "${raw}"`);
}

function parseAllowedFileDirs(env: Env, dataDir: string): string[] {
  const raw = nonEmpty(env, 'VITRINA_ALLOWED_FILE_DIRS');
  if (raw === undefined) return [];
  const dirs = raw
    .split(':')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const dir of dirs) {
    if (!path.isAbsolute(dir)) {
      throw new ConfigError(
        'VITRINA_ALLOWED_FILE_DIRS',
        `expected colon-separated absolute paths, got the relative path "${dir}"`,
      );
    }
    const inData = path.relative(dataDir, path.resolve(dir));
    if (inData === '' || !(inData.startsWith('..') || path.isAbsolute(inData))) {
      throw new ConfigError(
        'VITRINA_ALLOWED_FILE_DIRS',
        `"${dir}" is inside the data dir, whose files are the server's own; put data files in ${filesDirOf(dataDir)}`,
      );
    }
  }
  return [...new Set(dirs.map((dir) => path.resolve(dir)))];
}

function parseLogLevel(env: Env): Config['logLevel'] {
  const raw = nonEmpty(env, 'LOG_LEVEL') ?? 'info';
  const level = LOG_LEVELS.find((l) => l === raw);
  if (!level) throw new ConfigError('LOG_LEVEL', `expected one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

/** Hides a password in a URL before it is printed. */
export function redact(url: string): string {
  return maskQuerySecrets(url.replace(/\/\/([^:/@]+):([^@]*)@/, '//$1:***@'), '***');
}
