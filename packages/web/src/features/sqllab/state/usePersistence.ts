import { type Dispatch, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { fetchBootstrap, tableSchemaApi, tabStateApi } from '../../../api/sqllab.ts';
import { useToasts } from '../../../components/index.ts';
import {
  DEFAULT_SQL,
  type EditorAction,
  type EditorState,
  type EditorTab,
  initialEditorState,
  type QueryRun,
} from './editorState.ts';
import { migrateLocalTabs } from './migrateTabs.ts';
import {
  clearLocalState,
  queryFromServer,
  readLocalState,
  stubTab,
  tabFromServer,
  tabUpdateFields,
  toQueryEditor,
  writeLocalState,
} from './tabStorage.ts';

/** How often the tabs are written to the server besides on change (spec: every 5 s). */
export const SYNC_INTERVAL_MS = 5000;
const CHANGE_DELAY_MS = 800;

export type PersistenceMode = 'loading' | 'backend' | 'local';

/**
 * Loads the tabs (server bootstrap, else local storage), migrates local tabs to the server, and keeps
 * the server's copy in step: created, updated every 5 s and on change, deleted when closed; a tab the
 * server no longer has (404) is removed.
 */
export function usePersistence(
  state: EditorState,
  dispatch: Dispatch<EditorAction>,
  /** SQLLAB_BACKEND_PERSISTENCE; null while the feature flags load. */
  backendEnabled: boolean | null,
) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const [mode, setMode] = useState<PersistenceMode>('loading');
  // The configured default database (SQLLAB_DEFAULT_DBID) from the editor's bootstrap; undefined
  // until the bootstrap has answered, so a new tab does not start on the lowest id first.
  const [configuredDbId, setConfiguredDbId] = useState<number | null | undefined>(undefined);
  const synced = useRef(new Map<string, string>());
  const creating = useRef(new Set<string>());
  const failingSync = useRef(new Set<string>());
  const knownRemote = useRef(new Set<number>());
  const stateRef = useRef(state);
  stateRef.current = state;
  const localNote = t('sqlLab.localStorageNote');

  // Load once.
  useEffect(() => {
    let cancelled = false;
    const local = readLocalState();
    const startLocal = () => {
      if (cancelled) return;
      dispatch({
        type: 'replace',
        state: local ? { ...local, queries: {} } : initialEditorState(`${localNote}${DEFAULT_SQL}`),
      });
      setMode('local');
    };
    // The feature flags decide where tabs live; until they are known nothing is loaded.
    if (backendEnabled === null) return;
    if (!backendEnabled) {
      startLocal();
      // Tabs stay in this browser, but the configured default database still comes from the server.
      fetchBootstrap()
        .then((bootstrap) => {
          if (!cancelled) setConfiguredDbId(bootstrap.default_db_id ?? null);
        })
        .catch(() => setConfiguredDbId(null));
      return () => {
        cancelled = true;
      };
    }
    fetchBootstrap()
      .then(async (bootstrap) => {
        if (cancelled) return;
        setConfiguredDbId(bootstrap.default_db_id ?? null);
        const tabs: EditorTab[] = [];
        let tables: EditorState['tables'] = [];
        let activeTabId = '';
        for (const [remoteId, label] of bootstrap.tab_state_ids) {
          if (bootstrap.active_tab && bootstrap.active_tab.id === remoteId) {
            const loaded = tabFromServer(bootstrap.active_tab);
            tabs.push(loaded.tab);
            tables = loaded.tables;
            activeTabId = loaded.tab.id;
          } else {
            tabs.push(stubTab(remoteId, label));
          }
        }
        for (const tab of tabs) {
          if (tab.remoteId !== null) {
            knownRemote.current.add(tab.remoteId);
            if (tab.loaded) synced.current.set(tab.id, JSON.stringify(tabUpdateFields(tab)));
          }
        }
        // The migration: tabs kept in this browser move to the server with their tables and queries.
        const migration = await migrateLocalTabs(local, {
          createTab: tabStateApi.create,
          createTable: tableSchemaApi.create,
          migrateQuery: tabStateApi.migrateQuery,
        });
        for (const warning of new Set(migration.warnings))
          toasts.addWarningToast(t(`sqlLab.toasts.${warning}`));
        for (const moved of migration.tabs) {
          // Left out of `synced`: the first sync sends all its fields (the latest query among them).
          knownRemote.current.add(moved.remoteId as number);
          tabs.push(moved);
        }
        tables.push(...migration.tables);
        if (migration.left) writeLocalState({ ...migration.left, queries: {} });
        else if (local) clearLocalState();
        // The queries the server knows for the open tabs: history, and the latest results of each.
        const restored = Object.values(bootstrap.queries)
          .map((query) => queryFromServer(query, tabs))
          .filter((query): query is QueryRun => query !== null);
        const latest = bootstrap.active_tab?.latest_query;
        const activeTab = tabs.find((tab) => tab.id === activeTabId);
        const latestRun = latest && activeTab ? queryFromServer(latest, tabs, activeTab) : null;
        if (latestRun && !restored.some((query) => query.id === latestRun.id)) restored.push(latestRun);
        if (cancelled) return;
        if (tabs.length === 0) {
          dispatch({ type: 'replace', state: initialEditorState() });
        } else {
          dispatch({
            type: 'replace',
            state: {
              tabs,
              tables,
              queries: Object.fromEntries(restored.map((query) => [query.id, query])),
              activeTabId: activeTabId || tabs[0]!.id,
            },
          });
        }
        setMode('backend');
      })
      // A server without SQL Lab persistence: keep working in this browser.
      .catch(() => {
        setConfiguredDbId(null);
        startLocal();
      });
    return () => {
      cancelled = true;
    };
  }, [backendEnabled, dispatch, localNote, t, toasts]);

  const removeMissingTab = useCallback(
    (tab: EditorTab) => {
      toasts.addDangerToast(t('sqlLab.toasts.tabStateFailed'));
      if (tab.remoteId !== null) knownRemote.current.delete(tab.remoteId);
      dispatch({ type: 'closeTab', id: tab.id });
    },
    [dispatch, t, toasts],
  );

  const flush = useCallback(() => {
    const current = stateRef.current;
    for (const tab of current.tabs) {
      if (!tab.loaded) continue;
      if (tab.remoteId === null) {
        if (creating.current.has(tab.id)) continue;
        creating.current.add(tab.id);
        tabStateApi
          .create(toQueryEditor(tab))
          .then((remoteId) => {
            knownRemote.current.add(remoteId);
            dispatch({ type: 'updateTab', id: tab.id, changes: { remoteId } });
            // Queries run before the tab reached the server carry its local id: move them to the
            // server's tab so they come back with it after a reload.
            for (const query of Object.values(stateRef.current.queries)) {
              if (query.sqlEditorId !== tab.id || query.previewOf) continue;
              tabStateApi.migrateQuery(remoteId, query.id).catch(() => undefined);
            }
          })
          .catch(() => toasts.addDangerToast(t('sqlLab.toasts.storeFailed')))
          .finally(() => creating.current.delete(tab.id));
        continue;
      }
      const fields = tabUpdateFields(tab);
      const text = JSON.stringify(fields);
      if (synced.current.get(tab.id) === text) continue;
      synced.current.set(tab.id, text);
      tabStateApi
        .update(tab.remoteId, fields)
        .then(() => failingSync.current.delete(tab.id))
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) removeMissingTab(tab);
          else {
            synced.current.delete(tab.id);
            // Retried every 5 s: said once until a sync of the tab succeeds again.
            if (!failingSync.current.has(tab.id)) toasts.addDangerToast(t('sqlLab.toasts.editorStateFailed'));
            failingSync.current.add(tab.id);
          }
        });
    }
    // Tabs closed here are deleted on the server.
    const open = new Set(current.tabs.map((tab) => tab.remoteId));
    for (const remoteId of [...knownRemote.current]) {
      if (open.has(remoteId)) continue;
      knownRemote.current.delete(remoteId);
      tabStateApi.remove(remoteId).catch(() => undefined);
    }
  }, [dispatch, removeMissingTab, t, toasts]);

  // Sync on change (shortly after typing stops) and every 5 s.
  useEffect(() => {
    if (mode === 'local') {
      const timer = window.setTimeout(() => writeLocalState(state), CHANGE_DELAY_MS);
      return () => window.clearTimeout(timer);
    }
    if (mode !== 'backend') return;
    const timer = window.setTimeout(flush, CHANGE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [mode, state, flush]);
  useEffect(() => {
    if (mode !== 'backend') return;
    const timer = window.setInterval(flush, SYNC_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [mode, flush]);

  // The active tab: told to the server, and fetched in full the first time it is shown.
  const active = state.tabs.find((tab) => tab.id === state.activeTabId);
  const activeRemoteId = active?.remoteId ?? null;
  const activeLoaded = active?.loaded ?? true;
  const activeId = active?.id;
  useEffect(() => {
    if (mode !== 'backend' || activeRemoteId === null || !activeId) return;
    tabStateApi.activate(activeRemoteId).catch(() => undefined);
    if (activeLoaded) return;
    tabStateApi
      .get(activeRemoteId)
      .then((server) => {
        const loaded = tabFromServer(server, activeId);
        synced.current.set(activeId, JSON.stringify(tabUpdateFields(loaded.tab)));
        const { id: _sameId, ...fields } = loaded.tab;
        dispatch({ type: 'updateTab', id: activeId, changes: fields });
        for (const table of loaded.tables) dispatch({ type: 'addTable', table });
        const latest = server.latest_query
          ? queryFromServer(server.latest_query, [loaded.tab], loaded.tab)
          : null;
        if (latest) dispatch({ type: 'restoreQueries', queries: [latest] });
      })
      .catch((error: unknown) => {
        const tab = stateRef.current.tabs.find((each) => each.id === activeId);
        if (error instanceof ApiError && error.status === 404 && tab) removeMissingTab(tab);
        else toasts.addDangerToast(t('sqlLab.toasts.tabStateFailed'));
      });
  }, [mode, activeRemoteId, activeLoaded, activeId, dispatch, removeMissingTab, t, toasts]);

  return { mode, configuredDbId };
}
