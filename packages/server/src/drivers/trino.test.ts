import { describe, expect, it } from 'vitest';
import type { ConnectionSpec } from './driver.ts';
import { freePort } from './testPorts.ts';
import { mapTrinoError, normalizeTrinoValue, parseJsonLossless, trinoDriver } from './trino.ts';

const spec: ConnectionSpec = {
  engine: 'trino',
  username: 'analyst',
  password: null,
  host: '127.0.0.1',
  port: 8080,
  database: 'hive/default',
  query: {},
};

describe('Trino driver without a server', () => {
  it('gives CONNECTION_PORT_CLOSED_ERROR with engine_name when nothing listens', async () => {
    const port = await freePort();
    const connection = trinoDriver.connect(
      { ...spec, port },
      { maxConnections: 1, queryTimeoutMs: 5000, readOnly: false },
    );
    try {
      await expect(connection.testConnection()).rejects.toMatchObject({
        errorType: 'CONNECTION_PORT_CLOSED_ERROR',
        extra: { engine_name: 'Trino', invalid: ['host', 'port'] },
      });
    } finally {
      await connection.close();
    }
  });

  it('keeps integers beyond 2^53 exact when parsing protocol JSON', () => {
    const page = parseJsonLossless(
      '{"data":[[9007199254740993,"9007199254740993 in text",-12,1.5e3,"a\\"1234567890123456789"]]}',
    );
    expect(page).toEqual({
      data: [['9007199254740993', '9007199254740993 in text', -12, 1500, 'a"1234567890123456789']],
    });
  });

  it('normalises values by their Trino type', () => {
    expect(normalizeTrinoValue('9007199254740993', 'bigint')).toBe('9007199254740993');
    expect(normalizeTrinoValue(42, 'bigint')).toBe(42);
    expect(normalizeTrinoValue('1234.50', 'decimal(12,2)')).toBe(1234.5);
    expect(normalizeTrinoValue('2024-03-13 10:37:42.000', 'timestamp(3)')).toBe('2024-03-13T10:37:42');
    expect(normalizeTrinoValue('2024-03-13 10:37:42.000 UTC', 'timestamp(3) with time zone')).toBe(
      '2024-03-13T10:37:42Z',
    );
    expect(normalizeTrinoValue('2024-03-13 10:37:42.000 +03:00', 'timestamp(3) with time zone')).toBe(
      '2024-03-13T07:37:42Z',
    );
    expect(normalizeTrinoValue('2024-03-13', 'date')).toBe('2024-03-13');
    expect(normalizeTrinoValue(true, 'boolean')).toBe(true);
    expect(normalizeTrinoValue('NaN', 'double')).toBeNull();
    expect(normalizeTrinoValue([1, '9007199254740993'], 'array(bigint)')).toEqual([1, '9007199254740993']);
  });

  it('maps Trino error names', () => {
    const error = (errorName: string) => Object.assign(new Error(`${errorName}: x`), { errorName });
    expect(mapTrinoError(error('SYNTAX_ERROR'), spec).errorType).toBe('SYNTAX_ERROR');
    expect(mapTrinoError(error('TABLE_NOT_FOUND'), spec).errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(mapTrinoError(error('COLUMN_NOT_FOUND'), spec).errorType).toBe('COLUMN_DOES_NOT_EXIST_ERROR');
    expect(mapTrinoError(error('CATALOG_NOT_FOUND'), spec).errorType).toBe(
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
    );
    expect(mapTrinoError(Object.assign(new Error('Unauthorized'), { status: 401 }), spec).errorType).toBe(
      'CONNECTION_ACCESS_DENIED_ERROR',
    );
  });
});
