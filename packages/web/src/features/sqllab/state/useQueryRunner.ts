import { RUNNING_QUERY_STATES } from '@vitrina/common';
import { type Dispatch, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, errorText } from '../../../api/errors.ts';
import { executeQuery, fetchResults, queriesUpdatedSince, stopQuery } from '../../../api/sqllab.ts';
import { type EventSource, logEvent } from '../../../app/eventLog/index.ts';
import { useToasts } from '../../../components/index.ts';
import {
  type CtasTarget,
  type EditorAction,
  type EditorState,
  type EditorTab,
  newClientId,
  type QueryRun,
} from './editorState.ts';

/** How often running async queries are polled (Superset's QueryAutoRefresh). */
export const POLL_INTERVAL_MS = 1000;

export interface RunOptions {
  tab: EditorTab;
  sql: string;
  runAsync: boolean;
  /** Set for a table's data preview: the table's key. */
  previewOf?: string;
  /** Keep the results as a table or view instead of returning them. */
  ctas?: CtasTarget;
}

/** Runs, stops and polls SQL Lab queries, turning each answer into a state transition. */
export function useQueryRunner(state: EditorState, dispatch: Dispatch<EditorAction>) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const controllers = useRef(new Map<string, AbortController>());

  const failureText = useCallback(
    (error: unknown, fallbackKey: string) => {
      if (error instanceof ApiError && error.status === 599) return errorText(error, t);
      const text = errorText(error, t);
      return text && text !== 'Unknown error' ? text : t(fallbackKey);
    },
    [t],
  );

  const run = useCallback(
    ({ tab, sql, runAsync, previewOf, ctas }: RunOptions): string | null => {
      if (tab.dbId === null) return null;
      const id = newClientId();
      const query: QueryRun = {
        id,
        sqlEditorId: tab.id,
        dbId: tab.dbId,
        sql,
        schema: tab.schema,
        catalog: tab.catalog,
        state: runAsync ? 'pending' : 'running',
        runAsync,
        startDttm: Date.now(),
        endDttm: null,
        rows: null,
        queryLimit: tab.queryLimit,
        limitingFactor: 'UNKNOWN',
        errorMessage: null,
        resultsKey: null,
        serverId: null,
        results: null,
        previewOf: previewOf ?? null,
        ctas: ctas ?? null,
      };
      dispatch({ type: 'startQuery', query });
      const source: EventSource = {
        source: 'sqlLab',
        source_id: tab.id,
        db_id: tab.dbId,
        schema: tab.schema,
      };
      logEvent(
        'sqllab_run_query',
        { client_id: id, run_async: runAsync, ...(previewOf ? { preview: true } : {}) },
        source,
      );
      const controller = new AbortController();
      controllers.current.set(id, controller);
      executeQuery(
        {
          client_id: id,
          database_id: tab.dbId,
          sql,
          catalog: tab.catalog,
          schema: tab.schema,
          tab: tab.name,
          // A data preview belongs to no editor (as in Superset): it never becomes a tab's latest query.
          sql_editor_id: previewOf ? null : tab.remoteId === null ? tab.id : String(tab.remoteId),
          queryLimit: tab.queryLimit,
          runAsync,
          templateParams: tab.templateParams.trim() || null,
          select_as_cta: ctas !== undefined,
          ctas_method: ctas?.method ?? 'TABLE',
          tmp_table_name: ctas?.tableName ?? '',
          expand_data: true,
        },
        controller.signal,
      )
        .then((answer) => {
          if ('status' in answer && answer.status === 'stopped' && answer.data === undefined) {
            dispatch({ type: 'queryStopped', id });
          } else if (answer.data !== undefined) {
            dispatch({ type: 'querySuccess', id, results: answer });
          } else {
            dispatch({
              type: 'queryRunning',
              id,
              changes: {
                state: answer.query.state,
                serverId: answer.query.serverId ?? null,
                resultsKey: answer.query.resultsKey,
              },
            });
          }
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          logEvent(
            'sqllab_run_query_failed',
            {
              client_id: id,
              duration: Date.now() - query.startDttm,
              error_type: error instanceof ApiError ? (error.errorType ?? null) : null,
              status: error instanceof ApiError ? error.status : null,
            },
            source,
          );
          dispatch({
            type: 'queryFailed',
            id,
            message: failureText(error, 'sqlLab.toasts.unknownError'),
            errorType: error instanceof ApiError ? (error.errorType ?? null) : null,
          });
        })
        .finally(() => controllers.current.delete(id));
      return id;
    },
    [dispatch, failureText],
  );

  const stop = useCallback(
    (query: QueryRun) => {
      controllers.current.get(query.id)?.abort();
      dispatch({ type: 'queryStopped', id: query.id });
      stopQuery(query.id)
        .then(() => toasts.addSuccessToast(t('sqlLab.toasts.stopped')))
        .catch((error: unknown) =>
          toasts.addDangerToast(t('sqlLab.toasts.stopFailed', { message: errorText(error, t) })),
        );
    },
    [dispatch, t, toasts],
  );

  // Async runs: poll the queries changed since the oldest running one started, then fetch results.
  const runningAsync = Object.values(state.queries).filter(
    (query) => query.runAsync && RUNNING_QUERY_STATES.includes(query.state),
  );
  const runningKey = runningAsync.map((query) => query.id).join(',');
  const stateRef = useRef(state);
  stateRef.current = state;
  useEffect(() => {
    if (!runningKey) return;
    const since = Math.min(
      ...runningKey.split(',').map((id) => stateRef.current.queries[id]?.startDttm ?? Date.now()),
    );
    const timer = window.setInterval(() => {
      queriesUpdatedSince(since - 1000)
        .then((changed) => {
          for (const remote of changed) {
            const local = stateRef.current.queries[remote.id];
            if (!local || !RUNNING_QUERY_STATES.includes(local.state)) continue;
            if (remote.state === 'success' && remote.resultsKey) {
              dispatch({ type: 'queryRunning', id: remote.id, changes: { state: 'fetching' } });
              fetchResults(remote.resultsKey, local.queryLimit)
                .then((results) => dispatch({ type: 'querySuccess', id: remote.id, results }))
                .catch((error: unknown) =>
                  dispatch({
                    type: 'queryFailed',
                    id: remote.id,
                    message: failureText(error, 'sqlLab.toasts.resultsFailed'),
                  }),
                );
            } else if (remote.state === 'failed' || remote.state === 'timed_out') {
              logEvent(
                'sqllab_fetch_failed_query',
                { client_id: remote.id, state: remote.state },
                { source: 'sqlLab', source_id: local.sqlEditorId, db_id: local.dbId, schema: local.schema },
              );
              dispatch({
                type: 'queryFailed',
                id: remote.id,
                message: remote.errorMessage ?? t('sqlLab.toasts.unknownError'),
                errorType: remote.state === 'timed_out' ? 'SQLLAB_TIMEOUT_ERROR' : 'GENERIC_DB_ENGINE_ERROR',
              });
            } else if (remote.state === 'stopped') {
              dispatch({ type: 'queryStopped', id: remote.id });
            } else {
              dispatch({
                type: 'queryRunning',
                id: remote.id,
                changes: { state: remote.state, serverId: remote.serverId, resultsKey: remote.resultsKey },
              });
            }
          }
        })
        .catch(() => {
          // A failed poll is tried again on the next tick.
        });
    }, POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [runningKey, dispatch, failureText, t]);

  // A finished query known only from the server (after a reload) fetches its stored results once.
  const fetched = useRef(new Set<string>());
  const activeTab = state.tabs.find((tab) => tab.id === state.activeTabId);
  const latest = activeTab?.latestQueryId ? state.queries[activeTab.latestQueryId] : undefined;
  const pendingKey = latest?.state === 'success' && !latest.results && latest.resultsKey ? latest.id : null;
  useEffect(() => {
    if (!pendingKey || fetched.current.has(pendingKey)) return;
    const query = stateRef.current.queries[pendingKey];
    if (!query?.resultsKey) return;
    fetched.current.add(pendingKey);
    fetchResults(query.resultsKey, query.queryLimit)
      .then((results) => dispatch({ type: 'querySuccess', id: pendingKey, results }))
      .catch((error: unknown) =>
        dispatch({
          type: 'queryFailed',
          id: pendingKey,
          message: failureText(error, 'sqlLab.toasts.resultsFailed'),
        }),
      );
  }, [pendingKey, dispatch, failureText]);

  return { run, stop };
}
