import { describe, expect, it } from 'vitest';
import { redact } from '../config.ts';
import {
  describeDatabase,
  displayUri,
  parametersOf,
  prepareUri,
  uriFromParameters,
} from '../connections/uris.ts';
import { isSecretKey, maskQuerySecrets, restoreQuerySecrets } from './uriSecrets.ts';

describe('secrets in URI query strings', () => {
  it.each([
    'password',
    'PASSWORD',
    'sslpassword',
    'private_key',
    'private_key_passphrase',
    'access_token',
    'accessToken',
    'jwt',
    'client_secret',
    'api_key',
    'aws_secret_access_key',
    'credentials',
  ])('treats %s as a secret', (key) => expect(isSecretKey(key)).toBe(true));

  it.each(['sslmode', 'application_name', 'catalog', 'schema', 'protocol', 'secure', 'charset', 'read_only'])(
    'shows %s as it is',
    (key) => expect(isSecretKey(key)).toBe(false),
  );

  it('masks every secret value and keeps the rest as written', () => {
    expect(
      maskQuerySecrets('postgresql://u@h/db?sslmode=require&password=p%40ss&private_key=-----BEGIN&x=1'),
    ).toBe('postgresql://u@h/db?sslmode=require&password=XXXXXXXXXX&private_key=XXXXXXXXXX&x=1');
    expect(maskQuerySecrets('clickhouse://h:8123/db?access_token=abc')).toBe(
      'clickhouse://h:8123/db?access_token=XXXXXXXXXX',
    );
    expect(maskQuerySecrets('trino://h:8080/hive?Access%5FToken=abc')).toBe(
      'trino://h:8080/hive?Access%5FToken=XXXXXXXXXX',
    );
    expect(maskQuerySecrets('postgresql://u@h/db')).toBe('postgresql://u@h/db');
  });

  it('masks the password before the host and the query secrets together for display', () => {
    expect(displayUri('postgresql://u:clear@h/db?password=other')).toBe(
      'postgresql://u:XXXXXXXXXX@h/db?password=XXXXXXXXXX',
    );
  });

  it('puts the stored value back where a client sent the mask, and only there', () => {
    const stored = 'postgresql://u@h/db?password=s3cret&sslmode=require';
    expect(restoreQuerySecrets('postgresql://u@h/other?sslmode=disable&password=XXXXXXXXXX', stored)).toBe(
      'postgresql://u@h/other?sslmode=disable&password=s3cret',
    );
    expect(restoreQuerySecrets('postgresql://u@h/db?password=new-one', stored)).toBe(
      'postgresql://u@h/db?password=new-one',
    );
    // A mask with nothing stored behind it stays a mask, so the connection fails rather than guessing.
    expect(restoreQuerySecrets('postgresql://u@h/db?token=XXXXXXXXXX', stored)).toBe(
      'postgresql://u@h/db?token=XXXXXXXXXX',
    );
  });

  it('keeps the stored secrets when a masked URI is written back', () => {
    const stored = 'postgresql://u:XXXXXXXXXX@h/db?password=q-secret';
    const prepared = prepareUri(displayUri(stored), 'encrypted-password', stored);
    expect(prepared.password).toBe('encrypted-password');
    expect(prepared.parsed.query).toEqual({ password: 'q-secret' });
  });

  it('masks them in the dynamic form’s parameters and keeps them when those come back', () => {
    const stored = describeDatabase({
      sqlalchemy_uri: 'postgresql://u@h:5432/db?password=q-secret&application_name=v',
    }).uri;
    const parameters = parametersOf(stored, false);
    expect(parameters.query).toEqual({ password: 'XXXXXXXXXX', application_name: 'v' });
    const built = uriFromParameters('postgresql', parameters, null, stored.query);
    expect('uri' in built && describeDatabase({ sqlalchemy_uri: built.uri }).uri.query).toEqual({
      password: 'q-secret',
      application_name: 'v',
    });
  });

  it('hides them when the metadata store’s address is printed', () => {
    expect(redact('postgres://vitrina:pw@db:5432/meta?sslpassword=key-pass&sslmode=require')).toBe(
      'postgres://vitrina:***@db:5432/meta?sslpassword=***&sslmode=require',
    );
  });
});
