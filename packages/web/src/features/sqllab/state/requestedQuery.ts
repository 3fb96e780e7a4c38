/** What the SQL Lab address can ask to open in a new tab (spec §2 and Superset's query string). */
export type QueryRequest =
  | { kind: 'savedQuery'; id: number }
  | { kind: 'query'; id: number }
  | { kind: 'permalink'; key: string }
  | { kind: 'kv'; id: string }
  | { kind: 'datasource'; datasourceKey: string; sql: string | null }
  | {
      kind: 'sql';
      sql: string;
      dbId: number | null;
      schema: string | null;
      name: string | null;
      autorun: boolean;
    };

export interface NavigationRequest {
  requestedQuery?: { datasourceKey?: string; sql?: string };
}

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** Reads the request from the route key, the query string, or the navigation state; null when none. */
export function readQueryRequest(
  search: string,
  permalinkKey: string | undefined,
  navigationState: unknown,
): QueryRequest | null {
  if (permalinkKey) return { kind: 'permalink', key: permalinkKey };
  const params = new URLSearchParams(search);
  const savedQueryId = positiveInt(params.get('savedQueryId'));
  if (savedQueryId) return { kind: 'savedQuery', id: savedQueryId };
  const queryId = positiveInt(params.get('queryId'));
  if (queryId) return { kind: 'query', id: queryId };
  const kvId = params.get('id');
  if (kvId) return { kind: 'kv', id: kvId };
  const requested = (navigationState as NavigationRequest | null)?.requestedQuery;
  const datasourceKey = params.get('datasourceKey') ?? requested?.datasourceKey ?? null;
  const sql = params.get('sql') ?? requested?.sql ?? null;
  if (datasourceKey) return { kind: 'datasource', datasourceKey, sql };
  if (sql) {
    return {
      kind: 'sql',
      sql,
      dbId: positiveInt(params.get('dbid')),
      schema: params.get('schema'),
      name: params.get('title') ?? params.get('name'),
      autorun: params.get('autorun') === 'true',
    };
  }
  return null;
}

/** '12__table' → 12. */
export function datasourceIdOf(datasourceKey: string): number | null {
  return positiveInt(datasourceKey.split('__')[0] ?? null);
}
