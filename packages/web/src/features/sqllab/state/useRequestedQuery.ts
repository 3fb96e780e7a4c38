import { type Dispatch, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { api } from '../../../api/client.ts';
import { fetchSavedQuery } from '../../../api/savedQueries.ts';
import { fetchKvQuery, fetchPermalink, fetchQuery } from '../../../api/sqllab.ts';
import { useToasts } from '../../../components/index.ts';
import type { EditorAction, EditorTab } from './editorState.ts';
import { datasourceIdOf, type QueryRequest, readQueryRequest } from './requestedQuery.ts';
import type { PersistenceMode } from './usePersistence.ts';

interface DatasetForSqlLab {
  table_name: string;
  schema: string | null;
  database: { id: number };
  select_star?: string;
}

async function tabFor(request: QueryRequest): Promise<Partial<EditorTab>> {
  switch (request.kind) {
    case 'savedQuery': {
      const saved = await fetchSavedQuery(request.id);
      return {
        name: saved.label,
        sql: saved.sql,
        dbId: saved.db_id ?? saved.database?.id ?? null,
        catalog: saved.catalog,
        schema: saved.schema,
        templateParams: saved.template_parameters ?? '',
        savedQueryId: saved.id,
      };
    }
    case 'query': {
      const query = await fetchQuery(request.id);
      return {
        sql: query.sql,
        dbId: query.database.id,
        catalog: query.catalog ?? null,
        schema: query.schema,
        ...(query.tab_name ? { name: query.tab_name } : {}),
      };
    }
    case 'permalink':
    case 'kv': {
      const shared =
        request.kind === 'permalink' ? await fetchPermalink(request.key) : await fetchKvQuery(request.id);
      return {
        name: shared.name,
        sql: shared.sql,
        dbId: shared.dbId,
        catalog: shared.catalog ?? null,
        schema: shared.schema,
        templateParams: shared.templateParams ?? '',
        autorun: shared.autorun === true,
      };
    }
    case 'datasource': {
      const id = datasourceIdOf(request.datasourceKey);
      if (id === null) throw new Error('datasource');
      const dataset = await api
        .get<{ result: DatasetForSqlLab }>(`/api/v1/dataset/${id}`, {
          columns: ['table_name', 'schema', 'database.id', 'select_star'],
        })
        .then((body) => body.result);
      return {
        name: dataset.table_name,
        sql: request.sql ?? dataset.select_star ?? '',
        dbId: dataset.database.id,
        schema: dataset.schema,
      };
    }
    case 'sql':
      return {
        sql: request.sql,
        ...(request.dbId ? { dbId: request.dbId } : {}),
        ...(request.schema ? { schema: request.schema } : {}),
        ...(request.name ? { name: request.name } : {}),
        autorun: request.autorun,
      };
  }
}

/**
 * Opens the query the address asks for (saved query, past query, share link, kv id, datasource and SQL)
 * in a NEW tab once the tabs are loaded, then drops the request from the address.
 */
export function useRequestedQuery(dispatch: Dispatch<EditorAction>, mode: PersistenceMode) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const location = useLocation();
  const navigate = useNavigate();
  const { key } = useParams();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (mode === 'loading') return;
    const request = readQueryRequest(location.search, key, location.state);
    if (!request) return;
    const signature = JSON.stringify(request);
    if (handled.current === signature) return;
    handled.current = signature;
    tabFor(request)
      .then((tab) => dispatch({ type: 'addTab', tab }))
      .catch(() =>
        toasts.addDangerToast(
          t(
            request.kind === 'datasource'
              ? 'sqlLab.toasts.datasourceNotLoaded'
              : 'sqlLab.toasts.queryNotLoaded',
          ),
        ),
      )
      .finally(() => {
        // Same route, so the screen is not remounted; a share link keeps its address.
        if (request.kind !== 'permalink') navigate(location.pathname, { replace: true, state: null });
      });
  }, [mode, location.search, location.state, location.pathname, key, dispatch, navigate, t, toasts]);
}
