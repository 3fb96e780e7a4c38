import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  clickhouseDriver,
  clickhouseQueryParams,
  mapClickHouseError,
  normalizeClickHouseValue,
} from './clickhouse.ts';
import type { ConnectionSpec } from './driver.ts';
import { freePort } from './testPorts.ts';

const spec: ConnectionSpec = {
  engine: 'clickhouse',
  username: 'default',
  password: null,
  host: '127.0.0.1',
  port: 8123,
  database: 'default',
  query: {},
};

describe('ClickHouse driver without a server', () => {
  it('gives CONNECTION_PORT_CLOSED_ERROR with engine_name when nothing listens', async () => {
    const port = await freePort();
    const connection = clickhouseDriver.connect(
      { ...spec, port },
      { maxConnections: 1, queryTimeoutMs: 5000, readOnly: false },
    );
    try {
      await expect(connection.testConnection()).rejects.toMatchObject({
        errorType: 'CONNECTION_PORT_CLOSED_ERROR',
        extra: { engine_name: 'ClickHouse', invalid: ['host', 'port'] },
      });
    } finally {
      await connection.close();
    }
  });

  it('normalises JSON values by their ClickHouse type', () => {
    expect(normalizeClickHouseValue('9007199254740993', 'UInt64')).toBe('9007199254740993');
    expect(normalizeClickHouseValue('42', 'Nullable(Int64)')).toBe(42);
    expect(normalizeClickHouseValue('1234.50', 'Decimal(12, 2)')).toBe(1234.5);
    expect(normalizeClickHouseValue('2024-03-13 10:37:42', "DateTime('UTC')")).toBe('2024-03-13T10:37:42');
    expect(normalizeClickHouseValue('2024-03-13 10:37:42.120', 'DateTime64(3)')).toBe(
      '2024-03-13T10:37:42.12',
    );
    expect(normalizeClickHouseValue('2024-03-13', 'Date32')).toBe('2024-03-13');
    expect(normalizeClickHouseValue(true, 'Bool')).toBe(true);
    expect(normalizeClickHouseValue(null, 'Nullable(String)')).toBeNull();
    expect(normalizeClickHouseValue(['1', '9007199254740993'], 'Array(Int64)')).toEqual([
      1,
      '9007199254740993',
    ]);
    expect(normalizeClickHouseValue('x', 'LowCardinality(String)')).toBe('x');
  });

  it('passes positional parameters as the named {pN:String} parameters of the dialect', () => {
    expect(clickhouseQueryParams([1, 'a', new Date('2024-03-13T10:37:42Z')])).toEqual({
      p1: '1',
      p2: 'a',
      p3: '2024-03-13 10:37:42.000',
    });
  });

  it('maps server error types', () => {
    const error = (type: string) => Object.assign(new Error(`${type} happened`), { type });
    expect(mapClickHouseError(error('SYNTAX_ERROR'), spec).errorType).toBe('SYNTAX_ERROR');
    expect(mapClickHouseError(error('UNKNOWN_TABLE'), spec).errorType).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    expect(mapClickHouseError(error('UNKNOWN_IDENTIFIER'), spec).errorType).toBe(
      'COLUMN_DOES_NOT_EXIST_ERROR',
    );
    expect(mapClickHouseError(error('UNKNOWN_DATABASE'), spec).errorType).toBe(
      'CONNECTION_UNKNOWN_DATABASE_ERROR',
    );
    expect(mapClickHouseError(error('AUTHENTICATION_FAILED'), spec).errorType).toBe(
      'CONNECTION_ACCESS_DENIED_ERROR',
    );
    expect(mapClickHouseError(new Error('boom'), spec)).toMatchObject({
      errorType: 'GENERIC_DB_ENGINE_ERROR',
      message: 'ClickHouse Error: boom',
    });
  });

  it('sends readonly=2 with every query, stream and command of a read-only pool, and not otherwise', async () => {
    const seen: URLSearchParams[] = [];
    const server = http.createServer((request, response) => {
      seen.push(new URL(request.url ?? '/', 'http://clickhouse').searchParams);
      request.resume();
      request.on('end', () => response.end('["one"]\n["UInt8"]\n[1]\n'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      for (const readOnly of [true, false]) {
        const connection = clickhouseDriver.connect(
          { ...spec, port },
          { maxConnections: 1, queryTimeoutMs: 5000, readOnly },
        );
        try {
          expect((await connection.execute('SELECT 1 AS one')).rows).toEqual([[1]]);
          await connection.session({}, (session) => session.execute('SET max_threads = 1'));
          const streamed = await connection.stream('SELECT 1 AS one');
          for await (const batch of streamed.batches) expect(batch).toEqual([[1]]);
        } finally {
          await connection.close();
        }
      }
      expect(seen.map((params) => params.get('readonly'))).toEqual(['2', '2', '2', null, null, null]);
      // The client's own settings still go with each query (readonly=1 would refuse them).
      expect(seen.every((params) => params.get('output_format_json_quote_64bit_integers') === '1')).toBe(
        true,
      );
    } finally {
      server.close();
    }
  });
});
