import { describe, expect, it } from 'vitest';
import { drivers } from '../drivers/index.ts';
import { connectOptionProblems } from './engineOptions.ts';

const withArgs = (connect_args: Record<string, unknown>) => ({ engine_params: { connect_args } });

describe('connectOptionProblems', () => {
  it('refuses keys a driver does not declare, naming them and what is accepted', () => {
    expect(
      connectOptionProblems('duckdb', {}, withArgs({ allow_external_access: true, config: {} })).extra,
    ).toEqual([
      'engine_params.connect_args.allow_external_access is not accepted for DuckDB (accepted: create, read_only).',
      'engine_params.connect_args.config is not accepted for DuckDB (accepted: create, read_only).',
    ]);
    for (const key of ['multipleStatements', 'localInfile', 'infileStreamFactory', 'flags']) {
      expect(connectOptionProblems('mysql', {}, withArgs({ [key]: true })).extra[0], key).toContain(
        `connect_args.${key} is not accepted for MySQL`,
      );
    }
    expect(connectOptionProblems('postgresql', { options: '-c x=1' }, {}).sqlalchemy_uri).toEqual([
      'The URI parameter "options" is not accepted for PostgreSQL (accepted: sslmode, connect_timeout, application_name).',
    ]);
    expect(connectOptionProblems('postgresql', {}, withArgs({ options: '-c x=1' })).extra).toHaveLength(1);
    expect(connectOptionProblems('sqlite', { vfs: 'unix-none' }, {}).sqlalchemy_uri[0]).toContain('"vfs"');
    expect(connectOptionProblems('clickhouse', {}, withArgs({ clickhouse_settings: {} })).extra).toHaveLength(
      1,
    );
    expect(connectOptionProblems('trino', {}, withArgs({ x: 1 })).extra[0]).toContain('(accepted: none)');
  });

  it('refuses values of the wrong type', () => {
    expect(connectOptionProblems('duckdb', { create: 'yes' }, withArgs({ create: 'true' }))).toEqual({
      sqlalchemy_uri: ['The URI parameter "create" must be true or false.'],
      extra: ['engine_params.connect_args.create must be true or false.'],
    });
    expect(connectOptionProblems('sqlite', { mode: 'memory' }, {}).sqlalchemy_uri).toEqual([
      'The URI parameter "mode" must be one of ro, rw, rwc.',
    ]);
    expect(
      connectOptionProblems('postgresql', { connect_timeout: 'soon' }, withArgs({ statement_timeout: '5' })),
    ).toEqual({
      sqlalchemy_uri: ['The URI parameter "connect_timeout" must be a number.'],
      extra: ['engine_params.connect_args.statement_timeout must be a number.'],
    });
  });

  it('accepts what each driver declares', () => {
    expect(
      connectOptionProblems(
        'postgresql',
        { sslmode: 'require', connect_timeout: '5', application_name: 'bi' },
        withArgs({ sslmode: 'VERIFY-FULL', statement_timeout: 30_000, application_name: 'bi' }),
      ),
    ).toEqual({ sqlalchemy_uri: [], extra: [] });
    expect(
      connectOptionProblems('mysql', { charset: 'utf8mb4' }, withArgs({ ssl: true, connect_timeout: 3 })),
    ).toEqual({ sqlalchemy_uri: [], extra: [] });
    expect(connectOptionProblems('duckdb', { access_mode: 'READ_ONLY' }, withArgs({ create: true }))).toEqual(
      {
        sqlalchemy_uri: [],
        extra: [],
      },
    );
  });

  it('declares no option that widens file or network access', () => {
    const widening = [
      'allow_external_access',
      'enable_external_access',
      'config',
      'allowed_directories',
      'lock_configuration',
      'autoload_known_extensions',
      'multipleStatements',
      'infileStreamFactory',
      'options',
      'vfs',
      'clickhouse_settings',
      'host',
      'stream',
    ];
    for (const driver of Object.values(drivers)) {
      for (const key of widening) {
        expect(Object.hasOwn(driver.connectArgs, key), `${driver.engine} connect_args ${key}`).toBe(false);
        expect(Object.hasOwn(driver.uriQuery, key), `${driver.engine} URI ${key}`).toBe(false);
      }
    }
  });
});
