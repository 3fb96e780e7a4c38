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
      VITRINA_TRUST_PROXY: 'true',
    });
    expect(config.port).toBe(9000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe('/data');
    expect(config.databaseUrl).toBe('postgres://vitrina:secret@db:5432/vitrina');
    expect(config.redisUrl).toBe('redis://cache:6379/0');
    expect(config.featureFlags.ALERT_REPORTS).toBe(false);
    expect(config.featureFlags.NEW_THING).toBe(true);
    expect(config.trustProxy).toBe(true);
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

  it('never prints a password from a bad URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://u:hunter2@h/db' })).toThrow(/^(?!.*hunter2)/);
  });
});
