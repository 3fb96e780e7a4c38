import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_FEATURE_FLAGS, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/vitrina');
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8088,
      dataDir: path.resolve('/srv/vitrina/var'),
      adminUsername: 'admin',
      adminPassword: 'admin',
      secretKey: null,
      databaseUrl: null,
      redisUrl: null,
      smtpUrl: null,
      chromiumPath: '/usr/bin/chromium',
      trustProxy: false,
      cookieSecure: 'auto',
      loginLimits: { maxFailures: 10, maxFailuresPerAddress: 50, windowSeconds: 300 },
      chartData: {
        defaultCacheTimeoutSeconds: 86_400,
        queryTimeoutSeconds: 60,
        maxRowLimit: 100_000,
        samplesRowLimit: 1000,
      },
    });
    expect(config.featureFlags).toEqual(DEFAULT_FEATURE_FLAGS);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      VITRINA_DATA_DIR: '/data',
      DATABASE_URL: 'postgres://vitrina:secret@db:5432/vitrina',
      REDIS_URL: 'redis://cache:6379/0',
      VITRINA_FEATURE_FLAGS: '{"ALERT_REPORTS": false, "NEW_THING": true}',
      VITRINA_SECRET_KEY: 'a-long-enough-secret-key',
      VITRINA_TRUST_PROXY: '1',
      VITRINA_COOKIE_SECURE: 'true',
    });
    expect(config.port).toBe(9000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/data');
    expect(config.databaseUrl).toBe('postgres://vitrina:secret@db:5432/vitrina');
    expect(config.redisUrl).toBe('redis://cache:6379/0');
    expect(config.featureFlags.ALERT_REPORTS).toBe(false);
    expect(config.featureFlags.NEW_THING).toBe(true);
    expect(config.trustProxy).toBe(1);
    expect(config.cookieSecure).toBe(true);
  });

  it('trusts proxies by hop count or by address, never all of them', () => {
    expect(loadConfig({ VITRINA_TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ VITRINA_TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ VITRINA_TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ VITRINA_TRUST_PROXY: 'true' })).toThrow(/number of proxies/);
    expect(loadConfig({ VITRINA_COOKIE_SECURE: 'false' }).cookieSecure).toBe(false);
    expect(loadConfig({ VITRINA_COOKIE_SECURE: 'auto' }).cookieSecure).toBe('auto');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'not a url' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://localhost' }, 'REDIS_URL'],
    [{ VITRINA_FEATURE_FLAGS: '{oops' }, 'VITRINA_FEATURE_FLAGS'],
    [{ VITRINA_FEATURE_FLAGS: '{"A": "yes"}' }, 'VITRINA_FEATURE_FLAGS'],
    [{ VITRINA_SECRET_KEY: 'short' }, 'VITRINA_SECRET_KEY'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ VITRINA_TRUST_PROXY: 'maybe' }, 'VITRINA_TRUST_PROXY'],
    [{ VITRINA_TRUST_PROXY: 'yes' }, 'VITRINA_TRUST_PROXY'],
    [{ VITRINA_TRUST_PROXY: '10.0.0.0/33' }, 'VITRINA_TRUST_PROXY'],
    [{ VITRINA_TRUST_PROXY: '100' }, 'VITRINA_TRUST_PROXY'],
    [{ VITRINA_COOKIE_SECURE: 'sometimes' }, 'VITRINA_COOKIE_SECURE'],
    [{ VITRINA_LOGIN_MAX_FAILURES: '0' }, 'VITRINA_LOGIN_MAX_FAILURES'],
    [{ VITRINA_QUERY_TIMEOUT: '0' }, 'VITRINA_QUERY_TIMEOUT'],
    [{ VITRINA_ROW_LIMIT_MAX: 'lots' }, 'VITRINA_ROW_LIMIT_MAX'],
    [{ VITRINA_ALLOWED_FILE_DIRS: '/srv/data:relative/dir' }, 'VITRINA_ALLOWED_FILE_DIRS'],
    [
      { VITRINA_DATA_DIR: '/var/vitrina', VITRINA_ALLOWED_FILE_DIRS: '/var/vitrina' },
      'VITRINA_ALLOWED_FILE_DIRS',
    ],
    [
      { VITRINA_DATA_DIR: '/var/vitrina', VITRINA_ALLOWED_FILE_DIRS: '/srv:/var/vitrina/files/../staging' },
      'VITRINA_ALLOWED_FILE_DIRS',
    ],
  ])('refuses %j naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as ConfigError).variable).toBe(variable);
      expect((error as Error).message.startsWith(`${variable}:`)).toBe(true);
    }
  });

  it('reads the allowed file directories, none by default, and keeps data files under the data dir', () => {
    expect(loadConfig({}).allowedFileDirs).toEqual([]);
    expect(loadConfig({ VITRINA_DATA_DIR: '/var/vitrina' }).filesDir).toBe('/var/vitrina/files');
    expect(
      loadConfig({ VITRINA_ALLOWED_FILE_DIRS: '/srv/data: /mnt/files/ ::/srv/data/../data' }).allowedFileDirs,
    ).toEqual(['/srv/data', '/mnt/files']);
  });

  it('reads the cache and archive limits, with sensible defaults', () => {
    const defaults = loadConfig({});
    expect(defaults.memoryCacheMaxBytes).toBe(256 * 1024 * 1024);
    expect(defaults.zipLimits).toEqual({
      maxEntries: 10_000,
      maxRatio: 200,
      maxUnpackedBytes: 1024 * 1024 * 1024,
      maxInMemoryBytes: 100 * 1024 * 1024,
    });
    const set = loadConfig({
      VITRINA_CACHE_MAX_BYTES: '1000000',
      VITRINA_ZIP_MAX_FILES: '50',
      VITRINA_ZIP_MAX_RATIO: '20',
      VITRINA_ZIP_MAX_UNPACKED_BYTES: '2000000',
      VITRINA_ZIP_MAX_IN_MEMORY_BYTES: '3000',
    });
    expect(set.memoryCacheMaxBytes).toBe(1_000_000);
    expect(set.zipLimits).toEqual({
      maxEntries: 50,
      maxRatio: 20,
      maxUnpackedBytes: 2_000_000,
      maxInMemoryBytes: 3000,
    });
    expect(() => loadConfig({ VITRINA_CACHE_MAX_BYTES: '256MB' })).toThrow('VITRINA_CACHE_MAX_BYTES:');
  });

  it("reads how far the heap may grow past its live data, 50 % by default and 0 for V8's own", () => {
    expect(loadConfig({}).heapGrowingPercent).toBe(50);
    expect(loadConfig({ VITRINA_HEAP_GROWING_PERCENT: '0' }).heapGrowingPercent).toBe(0);
    expect(loadConfig({ VITRINA_HEAP_GROWING_PERCENT: '100' }).heapGrowingPercent).toBe(100);
    expect(() => loadConfig({ VITRINA_HEAP_GROWING_PERCENT: '1.5x' })).toThrow(
      'VITRINA_HEAP_GROWING_PERCENT:',
    );
  });

  it('reads how long a turn of the event loop may spend starting requests, 10 ms by default and 0 for no limit', () => {
    expect(loadConfig({}).turnBudgetMs).toBe(10);
    expect(loadConfig({ VITRINA_TURN_BUDGET_MS: '0' }).turnBudgetMs).toBe(0);
    expect(loadConfig({ VITRINA_TURN_BUDGET_MS: '25' }).turnBudgetMs).toBe(25);
    expect(() => loadConfig({ VITRINA_TURN_BUDGET_MS: 'fast' })).toThrow('VITRINA_TURN_BUDGET_MS:');
  });

  it('reads the Mapbox token, none by default', () => {
    expect(loadConfig({}).mapboxApiKey).toBeNull();
    expect(loadConfig({ MAPBOX_API_KEY: ' pk.abc ' }).mapboxApiKey).toBe('pk.abc');
  });

  it("reads a new chart's type and time range in explore, table and 'No filter' by default", () => {
    expect(loadConfig({}).exploreDefaults).toEqual({ vizType: 'table', timeFilter: 'No filter' });
    expect(
      loadConfig({ VITRINA_DEFAULT_VIZ_TYPE: 'pie', VITRINA_DEFAULT_TIME_FILTER: 'Last week' })
        .exploreDefaults,
    ).toEqual({ vizType: 'pie', timeFilter: 'Last week' });
    expect(() => loadConfig({ VITRINA_DEFAULT_VIZ_TYPE: 'Pie Chart' })).toThrow('VITRINA_DEFAULT_VIZ_TYPE:');
  });

  it('reads how browsers hear about async queries: websocket by default, or polling only', () => {
    expect(loadConfig({}).asyncQueries).toEqual({ transport: 'ws', websocketUrl: null, pollingDelayMs: 500 });
    expect(
      loadConfig({
        VITRINA_ASYNC_TRANSPORT: 'polling',
        VITRINA_ASYNC_WEBSOCKET_URL: 'wss://bi.example.com/api/v1/async_event/ws',
        VITRINA_ASYNC_POLLING_DELAY_MS: '1000',
      }).asyncQueries,
    ).toEqual({
      transport: 'polling',
      websocketUrl: 'wss://bi.example.com/api/v1/async_event/ws',
      pollingDelayMs: 1000,
    });
    expect(
      loadConfig({ VITRINA_ASYNC_WEBSOCKET_URL: '/bi/api/v1/async_event/ws' }).asyncQueries.websocketUrl,
    ).toBe('/bi/api/v1/async_event/ws');
    expect(() => loadConfig({ VITRINA_ASYNC_TRANSPORT: 'sse' })).toThrow('VITRINA_ASYNC_TRANSPORT:');
    expect(() => loadConfig({ VITRINA_ASYNC_WEBSOCKET_URL: 'https://bi.example.com/ws' })).toThrow(
      'VITRINA_ASYNC_WEBSOCKET_URL:',
    );
    expect(() => loadConfig({ VITRINA_ASYNC_WEBSOCKET_URL: '/ws?last_id=1' })).toThrow(
      'VITRINA_ASYNC_WEBSOCKET_URL:',
    );
    expect(() => loadConfig({ VITRINA_ASYNC_POLLING_DELAY_MS: '0' })).toThrow(
      'VITRINA_ASYNC_POLLING_DELAY_MS:',
    );
  });

  it('reads the report mail settings: sender, size limit and the public address for links', () => {
    const defaults = loadConfig({});
    expect([defaults.smtpFrom, defaults.reportMaxMailBytes, defaults.publicUrl]).toEqual([
      'vitrina@localhost',
      25 * 1024 * 1024,
      null,
    ]);
    const config = loadConfig({
      SMTP_URL: 'smtp://mail.example.com:25',
      SMTP_FROM: 'Vitrina <reports@example.com>',
      VITRINA_REPORT_MAX_MAIL_BYTES: '1000000',
      VITRINA_PUBLIC_URL: 'https://bi.example.com/',
    });
    expect([config.smtpUrl, config.smtpFrom, config.reportMaxMailBytes, config.publicUrl]).toEqual([
      'smtp://mail.example.com:25',
      'Vitrina <reports@example.com>',
      1_000_000,
      'https://bi.example.com',
    ]);
    expect(defaults.reportMinIntervalSeconds).toBe(0);
    expect(defaults.logRetentionDays).toBe(90);
    expect(loadConfig({ VITRINA_LOG_RETENTION_DAYS: '0' }).logRetentionDays).toBe(0);
    expect(loadConfig({ VITRINA_LOG_RETENTION_DAYS: '30' }).logRetentionDays).toBe(30);
    expect(() => loadConfig({ VITRINA_LOG_RETENTION_DAYS: '-1' })).toThrow(
      /^VITRINA_LOG_RETENTION_DAYS: expected a whole number/,
    );
    expect(loadConfig({ VITRINA_REPORT_MIN_INTERVAL_SECONDS: '600' }).reportMinIntervalSeconds).toBe(600);
    expect(() => loadConfig({ VITRINA_REPORT_MIN_INTERVAL_SECONDS: '10m' })).toThrow(
      /^VITRINA_REPORT_MIN_INTERVAL_SECONDS: expected a whole number/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(
      /^SMTP_URL: expected a smtp: or smtps:/,
    );
    expect(() => loadConfig({ SMTP_FROM: 'reports' })).toThrow(/^SMTP_FROM: expected an address/);
    expect(() => loadConfig({ VITRINA_PUBLIC_URL: 'bi.example.com' })).toThrow(/^VITRINA_PUBLIC_URL: /);
    expect(() => loadConfig({ VITRINA_PUBLIC_URL: 'https://bi.example.com/?x=1' })).toThrow(
      /^VITRINA_PUBLIC_URL: expected the address of the web app/,
    );
  });

  it('never prints a password from a bad URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@h/db' })).toThrow(/^(?!.*hunter2)/);
  });
});
