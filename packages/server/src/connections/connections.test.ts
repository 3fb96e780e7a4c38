import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DatabaseError } from '../drivers/errors.ts';
import { encryptSecret } from '../security/secretBox.ts';
import {
  ConnectionRegistry,
  DEFAULT_MAX_OVERFLOW,
  DEFAULT_POOL_SIZE,
  DEFAULT_QUERY_TIMEOUT_SECONDS,
  resolveConnection,
  takesServerWrites,
} from './connections.ts';
import { validateExtra } from './extra.ts';
import { checkDatabaseFile, type FilePolicy } from './filePaths.ts';
import { prepareUri, uriFromParameters } from './uris.ts';

const dataDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-conn-')));
const filesDir = path.join(dataDir, 'files');
fs.mkdirSync(filesDir);
const otherDir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vitrina-other-')));
const policy: FilePolicy = { dataDir, filesDir, extraDirs: [] };
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(otherDir, { recursive: true, force: true });
});

describe('resolveConnection', () => {
  it('builds the driver spec with defaults and the extra engine params', () => {
    const { spec, options } = resolveConnection(
      {
        sqlalchemy_uri: 'postgresql://me:XXXXXXXXXX@db.local:6543/sales?sslmode=require',
        password: 'real',
        extra: JSON.stringify({ engine_params: { connect_args: { application_name: 'x' } } }),
      },
      policy,
    );
    expect(spec).toEqual({
      engine: 'postgresql',
      username: 'me',
      password: 'real',
      host: 'db.local',
      port: 6543,
      database: 'sales',
      query: { sslmode: 'require' },
      connectArgs: { application_name: 'x' },
    });
    expect(options).toEqual({
      maxConnections: DEFAULT_POOL_SIZE + DEFAULT_MAX_OVERFLOW,
      idleConnections: DEFAULT_POOL_SIZE,
      queryTimeoutMs: DEFAULT_QUERY_TIMEOUT_SECONDS * 1000,
      readOnly: false,
      serverWrites: false,
      sharedFiles: false,
    });
    const tuned = resolveConnection(
      {
        sqlalchemy_uri: 'duckdb:///:memory:',
        password: null,
        extra: JSON.stringify({ engine_params: { pool_size: 2, max_overflow: 0, query_timeout: 1.5 } }),
      },
      policy,
    );
    expect(tuned.options).toEqual({
      maxConnections: 2,
      idleConnections: 2,
      queryTimeoutMs: 1500,
      readOnly: false,
      serverWrites: false,
      sharedFiles: false,
    });
    expect(tuned.spec.database).toBe(':memory:');
    // Scaled out, the policy tells the driver that other processes open the same files.
    const shared = resolveConnection(
      { sqlalchemy_uri: 'duckdb:///:memory:', password: null, extra: '{}' },
      { ...policy, shared: true },
    );
    expect(shared.options.sharedFiles).toBe(true);
    // DuckDB's connections live in the process: more of them by default, the database's own setting first.
    expect(shared.options.maxConnections).toBe(DEFAULT_POOL_SIZE + 45);
    expect(shared.options.idleConnections).toBe(DEFAULT_POOL_SIZE);
    expect(tuned.options.maxConnections).toBe(2);
  });

  it('resolves relative file paths in the files folder and refuses paths outside the allowed dirs', () => {
    const relative = resolveConnection(
      { sqlalchemy_uri: 'duckdb:///sub/x.duckdb', password: null, extra: '{}' },
      policy,
    );
    expect(relative.spec.database).toBe(path.join(filesDir, 'sub/x.duckdb'));
    const allowed = resolveConnection(
      { sqlalchemy_uri: `sqlite:///${otherDir}/x.db`, password: null, extra: '{}' },
      { ...policy, extraDirs: [otherDir] },
    );
    expect(allowed.spec.database).toBe(path.join(otherDir, 'x.db'));
    expect(() =>
      resolveConnection(
        { sqlalchemy_uri: `sqlite:///${otherDir}/x.db`, password: null, extra: '{}' },
        policy,
      ),
    ).toThrow(DatabaseError);
  });

  it('refuses a stored row whose options its driver does not accept', () => {
    for (const [uri, extra] of [
      ['duckdb:///:memory:', { engine_params: { connect_args: { allow_external_access: true } } }],
      [
        'duckdb:///:memory:',
        { engine_params: { connect_args: { config: { enable_external_access: 'true' } } } },
      ],
      ['mysql://u@h/d', { engine_params: { connect_args: { multipleStatements: true } } }],
      ['postgresql://u@h/d?options=-c%20log_min_messages%3Ddebug', {}],
      ['sqlite:///x.db?vfs=unix-none', {}],
    ] as const) {
      expect(
        () =>
          resolveConnection({ sqlalchemy_uri: uri, password: null, extra: JSON.stringify(extra) }, policy),
        uri,
      ).toThrow(/not accepted/);
    }
  });
});

describe('checkDatabaseFile', () => {
  const refused = (file: string, filePolicy: FilePolicy = policy) => {
    const result = checkDatabaseFile('sqlite', file, filePolicy);
    return 'error' in result && result.error.errorType === 'FILE_NOT_ALLOWED_ERROR';
  };

  it('follows symlinks and .. before deciding', () => {
    fs.symlinkSync(otherDir, path.join(filesDir, 'link'));
    for (const file of [
      `${filesDir}/link/x.db`,
      `${filesDir}/../x.db`,
      '/etc/passwd',
      `${filesDir}/a/../../x.db`,
      'link/x.db',
    ]) {
      const result = checkDatabaseFile('sqlite', file, policy);
      expect('error' in result && result.error.errorType, file).toBe('FILE_NOT_ALLOWED_ERROR');
      if ('error' in result) expect(result.error.message).toContain(filesDir);
    }
    expect(checkDatabaseFile('sqlite', `${filesDir}/a/../x.db`, policy)).toEqual({
      path: `${filesDir}/x.db`,
    });
    expect(checkDatabaseFile('sqlite', ':memory:', policy)).toEqual({ path: ':memory:' });
  });

  it("never opens the server's own files, whatever the path or the allowed directories", () => {
    const metastore = path.join(dataDir, 'vitrina.db');
    fs.writeFileSync(metastore, 'private');
    fs.writeFileSync(path.join(dataDir, 'secret_key'), 'private');
    fs.symlinkSync(metastore, path.join(filesDir, 'alias.db'));
    fs.linkSync(metastore, path.join(filesDir, 'hardlink.db'));
    const wide = { ...policy, extraDirs: [path.dirname(dataDir)] };
    for (const file of [
      metastore,
      `${metastore}-wal`,
      `${metastore}-shm`,
      `${metastore}-journal`,
      path.join(dataDir, 'secret_key'),
      path.join(dataDir, 'staging', 'upload.csv'),
      '../vitrina.db',
      '../VITRINA.DB',
      `${dataDir.toUpperCase()}/VITRINA.DB`,
      './../secret_key',
      'alias.db',
      'hardlink.db',
      'file:vitrina.db',
      'FILE:../vitrina.db?mode=ro',
      'file:///etc/passwd',
      ':memory:shared',
      'md:my_db',
      's3://bucket/x.duckdb',
      'x.db\u0000',
    ]) {
      expect(refused(file), file).toBe(true);
      expect(refused(file, wide), `${file} with the parent dir allowed`).toBe(true);
    }
    expect(refused(path.join(otherDir, 'x.db'), wide)).toBe(false);
    expect(refused('x.db')).toBe(false);
  });
});

const NO_WRITES = { allow_dml: 0, allow_ctas: 0, allow_cvas: 0, allow_file_upload: 0 } as const;
const DML = { ...NO_WRITES, allow_dml: 1 } as const;

describe('takesServerWrites', () => {
  it('is true when the database allows writes of any kind', () => {
    expect(takesServerWrites(NO_WRITES)).toBe(false);
    expect(takesServerWrites(DML)).toBe(true);
    expect(takesServerWrites({ ...NO_WRITES, allow_ctas: 1 })).toBe(true);
    expect(takesServerWrites({ ...NO_WRITES, allow_cvas: 1 })).toBe(true);
    expect(takesServerWrites({ ...NO_WRITES, allow_file_upload: 1 })).toBe(true);
  });
});

describe('ConnectionRegistry', () => {
  const key = 'a-secret-key-for-the-tests';
  it('keeps one pool per database, replaces it when the row changes and closes all', async () => {
    const registry = new ConnectionRegistry(key, policy);
    const row = {
      id: 1,
      sqlalchemy_uri: 'duckdb:///:memory:',
      encrypted_password: null,
      extra: '{}',
      changed_on: '2024-01-01T00:00:00.000Z',
      ...DML,
    };
    const first = registry.get(row);
    expect(registry.get(row)).toBe(first);
    expect((await first.execute('select 42 as answer')).rows).toEqual([[42]]);
    const second = registry.get({ ...row, changed_on: '2024-01-02T00:00:00.000Z' });
    expect(second).not.toBe(first);
    expect(registry.size).toBe(1);
    registry.get({ ...row, id: 2 });
    expect(registry.size).toBe(2);
    await registry.evict(2);
    expect(registry.size).toBe(1);
    await registry.closeAll();
    expect(registry.size).toBe(0);
    expect(() => registry.get(row)).toThrow(/closed/);
  });

  it('opens a replacing pool only once the pool it replaces has closed', async () => {
    const registry = new ConnectionRegistry(key, policy);
    const row = {
      id: 7,
      sqlalchemy_uri: `duckdb:///${path.join(filesDir, 'reopened.duckdb')}?create=true`,
      encrypted_password: null,
      extra: '{}',
      changed_on: '2024-01-01T00:00:00.000Z',
      ...DML,
    };
    const first = registry.get(row);
    await registry.writer(row).execute('CREATE TABLE kept AS SELECT 1 AS x');
    const events: string[] = [];
    let finishClosing = () => {};
    const closingHeld = new Promise<void>((resolve) => {
      finishClosing = resolve;
    });
    const realClose = first.close.bind(first);
    vi.spyOn(first, 'close').mockImplementation(async () => {
      await closingHeld;
      await realClose();
      events.push('old pool closed');
    });
    const second = registry.get({ ...row, changed_on: '2024-01-02T00:00:00.000Z' });
    const answer = second.execute('SELECT x FROM kept').then((result) => {
      events.push('new pool queried');
      return result.rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    finishClosing();
    expect(await answer).toEqual([[1]]);
    expect(events).toEqual(['old pool closed', 'new pool queried']);
    // A third version waits for the second's close in turn, and sees the same file.
    const third = registry.get({ ...row, changed_on: '2024-01-03T00:00:00.000Z' });
    expect((await third.execute('SELECT count(*) AS n FROM kept')).rows).toEqual([[1]]);
    await registry.closeAll();
  });

  it('runs user queries read-only whatever the flags, and writes only through the writer', async () => {
    const registry = new ConnectionRegistry(key, policy);
    const row = {
      id: 8,
      sqlalchemy_uri: `duckdb:///${path.join(filesDir, 'flags.duckdb')}?create=true`,
      encrypted_password: null,
      extra: '{}',
      changed_on: '2024-01-01T00:00:00.000Z',
      ...NO_WRITES,
      allow_file_upload: 1,
    };
    const reader = registry.get(row);
    const writer = registry.writer(row);
    await writer.execute('CREATE TABLE t AS SELECT 1 AS x');
    // The reader shares the writer's instance: it sees the new table at once, and cannot write it.
    expect((await reader.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[1]]);
    for (const flags of [row, { ...row, ...DML }]) {
      await expect(registry.get(flags).execute('DELETE FROM t')).rejects.toMatchObject({
        errorType: 'DML_NOT_ALLOWED_ERROR',
      });
    }
    // Without any write flag the database opens READ_ONLY and has no writer at all.
    const none = { ...row, allow_file_upload: 0 };
    expect(() => registry.writer(none)).toThrow(DatabaseError);
    const readOnly = registry.get(none);
    expect(registry.get(none)).toBe(readOnly);
    await expect(readOnly.execute('DELETE FROM t')).rejects.toMatchObject({
      errorType: 'DML_NOT_ALLOWED_ERROR',
    });
    expect((await readOnly.execute('SELECT count(*) AS n FROM t')).rows).toEqual([[1]]);
    await registry.writer(row).execute('DELETE FROM t');
    expect((await registry.get(row).execute('SELECT count(*) AS n FROM t')).rows).toEqual([[0]]);
    await registry.closeAll();
  });

  it('decrypts the stored password for the driver', () => {
    const registry = new ConnectionRegistry(key, policy);
    const connection = registry.get({
      id: 3,
      sqlalchemy_uri: 'postgresql://u:XXXXXXXXXX@127.0.0.1:1/db',
      encrypted_password: encryptSecret(key, 'pw'),
      extra: '{}',
      changed_on: 'x',
      ...NO_WRITES,
    });
    expect(connection).toBeDefined();
    return registry.closeAll();
  });
});

describe('uris', () => {
  it('stores masked URIs and keeps a masked password', () => {
    expect(prepareUri('postgresql://u:secret@h/db', null)).toMatchObject({
      storedUri: 'postgresql://u:XXXXXXXXXX@h/db',
      password: 'secret',
    });
    expect(prepareUri('postgresql://u:XXXXXXXXXX@h/db', 'kept')).toMatchObject({
      storedUri: 'postgresql://u:XXXXXXXXXX@h/db',
      password: 'kept',
    });
    expect(prepareUri('postgresql://u:XXXXXXXXXX@h/db', null)).toMatchObject({
      storedUri: 'postgresql://u@h/db',
      password: null,
    });
    expect(
      uriFromParameters(
        'postgresql',
        { host: 'h', port: 5433, username: 'u', password: 'XXXXXXXXXX', database: 'd' },
        'p@ss',
      ),
    ).toEqual({
      uri: 'postgresql://u:p%40ss@h:5433/d',
    });
    expect(uriFromParameters('postgresql', { database: 'd' }, null)).toEqual({ missing: ['host'] });
    expect(uriFromParameters('duckdb', { database: 'x.duckdb' }, null)).toEqual({
      uri: 'duckdb:///x.duckdb',
    });
  });
});

describe('validateExtra', () => {
  it.each([
    ['{oops', /cannot be decoded/],
    ['[]', /JSON object/],
    ['{"engine_params": 1}', /engine_params must be an object/],
    ['{"disable_data_preview": "yes"}', /disable_data_preview/],
    ['{"metadata_cache_timeout": {"schema_cache_timeout": -1}}', /schema_cache_timeout/],
    ['{"engine_params": {"pool_size": 0}}', /pool_size/],
    ['{"engine_params": {"max_overflow": -1}}', /max_overflow must be a whole number/],
    ['{"engine_params": {"max_overflow": 1.5}}', /max_overflow must be a whole number/],
    ['{"engine_params": {"poolclass": "NullPool"}}', /engine_params.poolclass is not accepted/],
  ])('refuses %s', (text, message) => {
    expect(validateExtra(text).errors.join(' ')).toMatch(message);
  });
  it('accepts Superset keys', () => {
    const text = JSON.stringify({
      metadata_params: {},
      engine_params: { connect_args: { sslmode: 'require' }, pool_size: 3 },
      metadata_cache_timeout: { schema_cache_timeout: 60, table_cache_timeout: 0 },
      schemas_allowed_for_file_upload: ['public'],
      cost_estimate_enabled: true,
      disable_data_preview: false,
      version: '15',
    });
    expect(validateExtra(text).errors).toEqual([]);
  });
});
