import type { AvailableEngine, Database } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import {
  buildExtra,
  buildSqlalchemyUri,
  connectionRequest,
  DEFAULT_FORM_VALUES,
  existingConnectionValues,
  newConnectionValues,
  parameterLayout,
  parseExtraJson,
  parseSqlalchemyUri,
  switchMode,
} from './connectionForm.ts';

const information = {
  supports_file_upload: true,
  disable_ssh_tunneling: true,
  supports_dynamic_catalog: false,
  supports_oauth2: false,
};

const server: AvailableEngine = {
  name: 'PostgreSQL',
  engine: 'postgresql',
  default_driver: 'postgresql',
  available_drivers: ['postgresql'],
  sqlalchemy_uri_placeholder: 'postgresql://user:password@host:port/database',
  preferred: true,
  parameters: {
    type: 'object',
    properties: {
      host: { type: 'string' },
      port: { type: 'integer' },
      username: { type: 'string' },
      password: { type: 'string' },
      database: { type: 'string' },
      query: { type: 'object' },
    },
    required: ['host', 'port', 'database'],
  },
  engine_information: information,
};

const file: AvailableEngine = {
  ...server,
  name: 'DuckDB',
  engine: 'duckdb',
  sqlalchemy_uri_placeholder: 'duckdb:////absolute/path/to/file',
  parameters: {
    type: 'object',
    properties: { database: { type: 'string' }, query: { type: 'object' } },
    required: ['database'],
  },
};

describe('parameterLayout', () => {
  it('shows host, port, database, username, password for a server engine', () => {
    const layout = parameterLayout(server);
    expect(layout.kind).toBe('network');
    if (layout.kind === 'network') {
      expect(layout.fields.slice(0, 5)).toEqual(['host', 'port', 'database', 'username', 'password']);
      expect(layout.required).toContain('host');
    }
  });

  it('shows one file field for a file engine', () => {
    expect(parameterLayout(file)).toEqual({ kind: 'file', field: 'database', required: ['database'] });
  });

  it('falls back to a file path when only the placeholder says the engine is file-based', () => {
    const bare = { ...file, parameters: { type: 'object' as const, properties: {}, required: [] } };
    expect(parameterLayout(bare)).toEqual({ kind: 'file', field: 'path', required: ['path'] });
  });
});

describe('parameters ↔ URI', () => {
  const layout = parameterLayout(server);

  it('builds a server URI, encoding what needs it', () => {
    expect(
      buildSqlalchemyUri('postgresql', layout, {
        host: '127.0.0.1',
        port: 5432,
        database: 'test',
        username: 'postgres',
        password: 'p@ss:w/rd',
      }),
    ).toBe('postgresql://postgres:p%40ss%3Aw%2Frd@127.0.0.1:5432/test');
  });

  it('leaves out an empty password and port', () => {
    expect(buildSqlalchemyUri('mysql', layout, { host: 'db', database: 'shop', username: 'root' })).toBe(
      'mysql://root@db/shop',
    );
  });

  it('builds a file URI', () => {
    expect(buildSqlalchemyUri('duckdb', parameterLayout(file), { database: '/data/x.duckdb' })).toBe(
      'duckdb:////data/x.duckdb',
    );
  });

  it('reads a URI back into the same parameters', () => {
    const params = { host: 'h.example', port: 9000, database: 'analytics', username: 'ив', password: 'a@b' };
    const uri = buildSqlalchemyUri('clickhouse', layout, params);
    expect(parseSqlalchemyUri(uri)).toEqual({ engine: 'clickhouse', driver: undefined, params });
  });

  it('reads the driver, query and a file path', () => {
    expect(parseSqlalchemyUri('postgresql+psycopg2://u@h/db?sslmode=require')).toEqual({
      engine: 'postgresql',
      driver: 'psycopg2',
      params: { host: 'h', port: null, database: 'db', username: 'u', query: 'sslmode=require' },
    });
    expect(parseSqlalchemyUri('sqlite:////tmp/a.db')?.params).toEqual({ path: '/tmp/a.db' });
    expect(parseSqlalchemyUri('not a uri')).toBeUndefined();
  });

  it('carries what was typed over when switching between the two modes', () => {
    const values = {
      ...DEFAULT_FORM_VALUES,
      host: 'localhost',
      port: 5432,
      database: 'test',
      username: 'postgres',
    };
    expect(switchMode(server, values, 'uri')).toEqual({
      mode: 'uri',
      sqlalchemy_uri: 'postgresql://postgres@localhost:5432/test',
    });
    expect(
      switchMode(server, { ...values, sqlalchemy_uri: 'postgresql://a:b@c:1/d' }, 'parameters'),
    ).toMatchObject({
      mode: 'parameters',
      host: 'c',
      port: 1,
      database: 'd',
      username: 'a',
      password: 'b',
    });
  });
});

describe('connectionRequest', () => {
  it('sends the parameters of the dynamic form', () => {
    const values = {
      ...newConnectionValues(server),
      host: '127.0.0.1',
      port: 5432,
      database: 'test',
      username: 'postgres',
      password: '',
      query: 'sslmode=disable',
    };
    expect(connectionRequest(server, values)).toMatchObject({
      database_name: 'PostgreSQL',
      engine: 'postgresql',
      configuration_method: 'dynamic_form',
      parameters: {
        host: '127.0.0.1',
        port: 5432,
        database: 'test',
        username: 'postgres',
        query: { sslmode: 'disable' },
      },
      expose_in_sqllab: true,
    });
  });

  it('sends the URI in URI mode', () => {
    const request = connectionRequest(server, {
      ...DEFAULT_FORM_VALUES,
      database_name: ' Warehouse ',
      mode: 'uri',
      sqlalchemy_uri: ' postgresql://u@h/db ',
    });
    expect(request).toMatchObject({
      database_name: 'Warehouse',
      configuration_method: 'sqlalchemy_form',
      sqlalchemy_uri: 'postgresql://u@h/db',
    });
    expect(request.parameters).toBeUndefined();
  });
});

describe('extra', () => {
  it('accepts empty text or a JSON object only', () => {
    expect(parseExtraJson('')).toEqual({ ok: true, value: {} });
    expect(parseExtraJson('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(parseExtraJson('[1]').ok).toBe(false);
    expect(parseExtraJson('{oops').ok).toBe(false);
  });

  it('puts the two switches into extra and keeps the other keys', () => {
    expect(
      JSON.parse(
        buildExtra({
          extra_json: '{"metadata_params":{}}',
          disable_data_preview: true,
          cost_estimate_enabled: false,
        }),
      ),
    ).toEqual({ metadata_params: {}, disable_data_preview: true, cost_estimate_enabled: false });
  });
});

describe('existingConnectionValues', () => {
  it('shows the masked password and the extra split into switches and JSON', () => {
    const database = {
      id: 3,
      database_name: 'Shop',
      engine: 'postgresql',
      backend: 'postgresql',
      configuration_method: 'dynamic_form',
      sqlalchemy_uri: 'postgresql://shop:XXXXXXXXXX@db:5432/shop',
      parameters: { host: 'db', port: 5432, username: 'shop', password: 'XXXXXXXXXX', database: 'shop' },
      expose_in_sqllab: true,
      allow_run_async: true,
      allow_dml: false,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: true,
      cache_timeout: 60,
      extra: '{"disable_data_preview":true,"metadata_params":{"a":1}}',
    } as unknown as Database;
    const values = existingConnectionValues(database, server);
    expect(values).toMatchObject({
      mode: 'parameters',
      host: 'db',
      password: 'XXXXXXXXXX',
      allow_run_async: true,
      allow_file_upload: true,
      cache_timeout: 60,
      disable_data_preview: true,
      cost_estimate_enabled: false,
    });
    expect(JSON.parse(values.extra_json)).toEqual({ metadata_params: { a: 1 } });
    // Saved unchanged, the mask goes back and the server keeps the stored password.
    expect(connectionRequest(server, values).parameters).toMatchObject({ password: 'XXXXXXXXXX' });
  });
});
