import { describe, expect, it } from 'vitest';
import { datasourceIdOf, readQueryRequest } from './requestedQuery.ts';

describe('readQueryRequest', () => {
  it('reads a share link key first', () => {
    expect(readQueryRequest('?savedQueryId=3', 'abc', null)).toEqual({ kind: 'permalink', key: 'abc' });
  });

  it('reads saved query, past query and kv ids', () => {
    expect(readQueryRequest('?savedQueryId=3', undefined, null)).toEqual({ kind: 'savedQuery', id: 3 });
    expect(readQueryRequest('?queryId=9', undefined, null)).toEqual({ kind: 'query', id: 9 });
    expect(readQueryRequest('?id=17', undefined, null)).toEqual({ kind: 'kv', id: '17' });
  });

  it('reads a datasource and SQL from the query string or the navigation state', () => {
    expect(readQueryRequest('?datasourceKey=4__table&sql=SELECT%201', undefined, null)).toEqual({
      kind: 'datasource',
      datasourceKey: '4__table',
      sql: 'SELECT 1',
    });
    expect(
      readQueryRequest('', undefined, { requestedQuery: { datasourceKey: '5__table', sql: 'SELECT 2' } }),
    ).toEqual({ kind: 'datasource', datasourceKey: '5__table', sql: 'SELECT 2' });
    expect(datasourceIdOf('5__table')).toBe(5);
  });

  it('reads SQL with its database and whether to run it at once', () => {
    expect(readQueryRequest('?sql=SELECT%203&dbid=2&autorun=true', undefined, null)).toEqual({
      kind: 'sql',
      sql: 'SELECT 3',
      dbId: 2,
      schema: null,
      name: null,
      autorun: true,
    });
    expect(readQueryRequest('?sql=SELECT%203', undefined, null)).toMatchObject({ autorun: false });
  });

  it('is null for a plain visit', () => {
    expect(readQueryRequest('', undefined, null)).toBeNull();
    expect(readQueryRequest('?savedQueryId=abc', undefined, null)).toBeNull();
  });
});
