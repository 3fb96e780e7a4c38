import { describe, expect, it } from 'vitest';
import { UnknownEngineError } from './engines.ts';
import {
  buildDatabaseUri,
  type ConnectionParameters,
  InvalidUriError,
  maskUriPassword,
  PASSWORD_MASK,
  parseDatabaseUri,
  unmaskUri,
} from './uri.ts';

const NONE = { driver: null, username: null, password: null, host: null, port: null, query: {} };

describe('parseDatabaseUri', () => {
  it.each<[string, ConnectionParameters]>([
    ['duckdb:///examples.duckdb', { ...NONE, engine: 'duckdb', database: 'examples.duckdb' }],
    [
      'duckdb:////var/lib/vitrina/my data.duckdb',
      { ...NONE, engine: 'duckdb', database: '/var/lib/vitrina/my data.duckdb' },
    ],
    ['duckdb:///:memory:', { ...NONE, engine: 'duckdb', database: ':memory:' }],
    [
      'duckdb:////data/x.duckdb?access_mode=read_only',
      { ...NONE, engine: 'duckdb', database: '/data/x.duckdb', query: { access_mode: 'read_only' } },
    ],
    ['sqlite:////tmp/app.db', { ...NONE, engine: 'sqlite', database: '/tmp/app.db' }],
    ['sqlite:///relative/app.db', { ...NONE, engine: 'sqlite', database: 'relative/app.db' }],
    [
      'postgresql://scott:tiger@localhost:5432/sales',
      {
        ...NONE,
        engine: 'postgresql',
        username: 'scott',
        password: 'tiger',
        host: 'localhost',
        port: 5432,
        database: 'sales',
      },
    ],
    [
      'postgres://db.example.com/sales',
      { ...NONE, engine: 'postgresql', host: 'db.example.com', database: 'sales' },
    ],
    [
      'postgresql+psycopg2://u@h/d?sslmode=require',
      {
        ...NONE,
        engine: 'postgresql',
        driver: 'psycopg2',
        username: 'u',
        host: 'h',
        database: 'd',
        query: { sslmode: 'require' },
      },
    ],
    [
      'mysql://root@127.0.0.1:3306/shop',
      { ...NONE, engine: 'mysql', username: 'root', host: '127.0.0.1', port: 3306, database: 'shop' },
    ],
    [
      'mysql+pymysql://root@db/shop',
      { ...NONE, engine: 'mysql', driver: 'pymysql', username: 'root', host: 'db', database: 'shop' },
    ],
    ['mariadb://root@db/shop', { ...NONE, engine: 'mysql', username: 'root', host: 'db', database: 'shop' }],
    [
      'clickhouse://default@ch:8123/default',
      { ...NONE, engine: 'clickhouse', username: 'default', host: 'ch', port: 8123, database: 'default' },
    ],
    ['clickhousedb://ch/logs', { ...NONE, engine: 'clickhouse', host: 'ch', database: 'logs' }],
    [
      'clickhouse+https://ch:8443/logs',
      { ...NONE, engine: 'clickhouse', driver: 'https', host: 'ch', port: 8443, database: 'logs' },
    ],
    ['clickhouse+http://ch', { ...NONE, engine: 'clickhouse', driver: 'http', host: 'ch', database: null }],
    [
      'trino://analyst@trino.local:8080/hive/sales',
      {
        ...NONE,
        engine: 'trino',
        username: 'analyst',
        host: 'trino.local',
        port: 8080,
        database: 'hive/sales',
      },
    ],
    [
      'postgresql://u:p@[::1]:5433/d',
      { ...NONE, engine: 'postgresql', username: 'u', password: 'p', host: '::1', port: 5433, database: 'd' },
    ],
    ['postgresql://[2001:db8::7]/d', { ...NONE, engine: 'postgresql', host: '2001:db8::7', database: 'd' }],
    ['PostgreSQL://h/d', { ...NONE, engine: 'postgresql', host: 'h', database: 'd' }],
  ])('%s', (uri, expected) => {
    expect(parseDatabaseUri(uri)).toEqual(expected);
  });

  it('percent-decodes user, password, database and query', () => {
    const parsed = parseDatabaseUri(
      'postgresql://%D0%B0%D0%BD%D0%B0%D0%BB%D0%B8%D1%82%D0%B8%D0%BA:p%40ss%3Aw%2Frd%25@h/%D0%BF%D1%80%D0%BE%D0%B4%D0%B0%D0%B6%D0%B8?application_name=my+app%21',
    );
    expect(parsed).toMatchObject({
      username: 'аналитик',
      password: 'p@ss:w/rd%',
      database: 'продажи',
      query: { application_name: 'my app!' },
    });
  });

  it('reads an unencoded @ or : in a password', () => {
    expect(parseDatabaseUri('mysql://u:p@ss:w@h:3306/d')).toMatchObject({
      username: 'u',
      password: 'p@ss:w',
      host: 'h',
      port: 3306,
    });
  });

  it('keeps a stray % that is not an escape', () => {
    expect(parseDatabaseUri('postgresql://u:100%@h/d').password).toBe('100%');
  });

  it('reads an empty password and an empty query value', () => {
    expect(parseDatabaseUri('postgresql://u:@h/d?flag')).toMatchObject({
      username: 'u',
      password: '',
      query: { flag: '' },
    });
  });

  it('refuses a URI without a scheme', () => {
    expect(() => parseDatabaseUri('localhost:5432/db')).toThrow(
      new InvalidUriError('The URI has no scheme: it should start like postgresql:// or duckdb:///'),
    );
  });

  it('refuses an unknown engine with UnknownEngineError', () => {
    expect(() => parseDatabaseUri('oracle://h/d')).toThrow(UnknownEngineError);
    expect(() => parseDatabaseUri('oracle+cx_oracle://h/d')).toThrow('Unknown database engine "oracle"');
  });

  it.each([
    'postgresql://h:abc/d',
    'postgresql://h:0/d',
    'postgresql://h:65536/d',
    'postgresql://h:/d',
    'postgresql://h:-1/d',
  ])('refuses the bad port in %s', (uri) => {
    expect(() => parseDatabaseUri(uri)).toThrow(/^The port must be a number between 1 and 65535/);
  });

  it('does not echo a password that an unencoded / cut short', () => {
    const error = captureError(() => parseDatabaseUri('postgresql://u:sec/ret@h/d'));
    expect(error).toBeInstanceOf(InvalidUriError);
    expect(error.message).not.toContain('sec');
  });

  it.each(['postgresql:///d', 'mysql://u:p@/d', 'trino://:8080/hive'])(
    'refuses the server URI %s without a host',
    (uri) => {
      expect(() => parseDatabaseUri(uri)).toThrow(/is missing a host/);
    },
  );

  it.each(['duckdb://', 'duckdb:///', 'sqlite://'])('refuses the file URI %s without a path', (uri) => {
    expect(() => parseDatabaseUri(uri)).toThrow(/is missing the database file path/);
  });

  it('refuses a host in a file URI, pointing at the three slashes', () => {
    expect(() => parseDatabaseUri('sqlite://host/app.db')).toThrow(
      'A SQLite URI takes a file path, not a host: write sqlite:///relative/path or sqlite:////absolute/path',
    );
  });

  it('refuses an IPv6 host without its closing bracket', () => {
    expect(() => parseDatabaseUri('postgresql://[::1/d')).toThrow(InvalidUriError);
  });
});

describe('buildDatabaseUri', () => {
  it('writes the canonical scheme with the driver', () => {
    expect(
      buildDatabaseUri({
        engine: 'postgresql',
        driver: 'psycopg2',
        username: 'scott',
        password: 'tiger',
        host: 'localhost',
        port: 5432,
        database: 'sales',
        query: { sslmode: 'require' },
      }),
    ).toBe('postgresql+psycopg2://scott:tiger@localhost:5432/sales?sslmode=require');
  });

  it('writes file paths after three slashes', () => {
    const file = { ...NONE, engine: 'duckdb' as const };
    expect(buildDatabaseUri({ ...file, database: '/srv/data/examples.duckdb' })).toBe(
      'duckdb:////srv/data/examples.duckdb',
    );
    expect(buildDatabaseUri({ ...file, database: 'rel.duckdb' })).toBe('duckdb:///rel.duckdb');
    expect(buildDatabaseUri({ ...file, database: ':memory:' })).toBe('duckdb:///:memory:');
  });

  it('percent-encodes what would break the URI and keeps Cyrillic names readable', () => {
    expect(
      buildDatabaseUri({
        ...NONE,
        engine: 'mysql',
        username: 'a b',
        password: 'p@ss:w/rd%',
        host: 'h',
        database: 'продажи?%',
      }),
    ).toBe('mysql://a%20b:p%40ss%3Aw%2Frd%25@h/продажи%3F%25');
  });

  it('brackets IPv6 hosts', () => {
    expect(
      buildDatabaseUri({ ...NONE, engine: 'trino', host: '::1', port: 8080, database: 'hive/default' }),
    ).toBe('trino://[::1]:8080/hive/default');
  });

  it('refuses parameters that make no valid URI', () => {
    expect(() => buildDatabaseUri({ ...NONE, engine: 'postgresql', database: 'd' })).toThrow(
      /is missing a host/,
    );
    expect(() =>
      buildDatabaseUri({ ...NONE, engine: 'mysql', host: 'h', port: 70000, database: 'd' }),
    ).toThrow(/port/);
  });

  it.each<ConnectionParameters>([
    { ...NONE, engine: 'duckdb', database: '/tmp/файл с пробелами.duckdb' },
    { ...NONE, engine: 'sqlite', database: 'data/100%?.db' },
    {
      engine: 'postgresql',
      driver: null,
      username: 'пользователь',
      password: 'p@ss:w/rd%?#&=+ ',
      host: 'db.example.com',
      port: 6543,
      database: 'аналитика',
      query: { sslmode: 'verify-full', options: '-c search_path=a,b' },
    },
    { ...NONE, engine: 'mysql', username: 'root', password: '', host: '::1', database: 'shop' },
    {
      ...NONE,
      engine: 'clickhouse',
      driver: 'https',
      username: 'default',
      password: 'x',
      host: 'ch',
      port: 8443,
      database: null,
    },
    { ...NONE, engine: 'trino', username: 'analyst', host: 'trino', port: 8080, database: 'hive/sales' },
  ])('round-trips %o', (params) => {
    expect(parseDatabaseUri(buildDatabaseUri(params))).toEqual(params);
  });
});

describe('masking', () => {
  it('masks the password and leaves the rest as written', () => {
    expect(maskUriPassword('postgresql+psycopg2://scott:p%40ss@[::1]:5432/db?x=1')).toBe(
      `postgresql+psycopg2://scott:${PASSWORD_MASK}@[::1]:5432/db?x=1`,
    );
    expect(maskUriPassword('mysql://u:p@ss@h/d')).toBe(`mysql://u:${PASSWORD_MASK}@h/d`);
  });

  it.each([
    'postgresql://scott@h/db',
    'postgresql://h/db',
    'duckdb:////tmp/a:b@c.duckdb',
    'not a uri',
    'postgresql://u:@h/d',
  ])('leaves %s alone: no password to mask', (uri) => {
    expect(maskUriPassword(uri)).toBe(uri);
  });

  it('puts the stored password back when the mask comes back', () => {
    expect(unmaskUri(`postgresql://scott:${PASSWORD_MASK}@h:5432/db`, 'p@ss:w/rd%')).toBe(
      'postgresql://scott:p%40ss%3Aw%2Frd%25@h:5432/db',
    );
    expect(parseDatabaseUri(unmaskUri(maskUriPassword('mysql://u:Пароль%21@h/d'), 'Пароль!')).password).toBe(
      'Пароль!',
    );
  });

  it('drops the mask when there was no stored password', () => {
    expect(unmaskUri(`postgresql://scott:${PASSWORD_MASK}@h/db`, null)).toBe('postgresql://scott@h/db');
  });

  it('keeps a new password or none as the client sent it', () => {
    expect(unmaskUri('postgresql://scott:new@h/db', 'old')).toBe('postgresql://scott:new@h/db');
    expect(unmaskUri('postgresql://scott@h/db', 'old')).toBe('postgresql://scott@h/db');
  });
});

function captureError(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    if (error instanceof Error) return error;
  }
  throw new Error('expected an error');
}
