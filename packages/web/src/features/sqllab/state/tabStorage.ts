/**
 * Where the tabs live: on the server (`/tabstateview/`, SQLLAB_BACKEND_PERSISTENCE on) or in the
 * browser's local storage. These are the pure conversions between the two and the editor state.
 */
import { DEFAULT_SQLLAB_QUERY_LIMIT, type SqlLabQuery, type TabState } from '@vitrina/common';
import type { QueryEditorPayload } from '../../../api/sqllab.ts';
import { type EditorState, type EditorTab, makeTab, type QueryRun, type TableSchema } from './editorState.ts';

export const LOCAL_STORAGE_KEY = 'vitrina.sqllab.editor';

/** What local storage keeps: the tabs and tables, never results (they can be large). */
export interface StoredEditorState {
  tabs: EditorTab[];
  activeTabId: string;
  tables: TableSchema[];
}

export function toStored(state: EditorState): StoredEditorState {
  return { tabs: state.tabs, activeTabId: state.activeTabId, tables: state.tables };
}

export function readLocalState(storage: Storage = window.localStorage): StoredEditorState | null {
  try {
    const text = storage.getItem(LOCAL_STORAGE_KEY);
    if (!text) return null;
    const parsed = JSON.parse(text) as StoredEditorState;
    if (!Array.isArray(parsed.tabs) || parsed.tabs.length === 0) return null;
    return {
      tabs: parsed.tabs.map((tab) => makeTab({ ...tab, loaded: true })),
      activeTabId: parsed.activeTabId,
      tables: Array.isArray(parsed.tables) ? parsed.tables : [],
    };
  } catch {
    return null;
  }
}

export function writeLocalState(state: EditorState, storage: Storage = window.localStorage): void {
  try {
    storage.setItem(LOCAL_STORAGE_KEY, JSON.stringify(toStored(state)));
  } catch {
    // A full or blocked storage only loses the restore on the next visit.
  }
}

export function clearLocalState(storage: Storage = window.localStorage): void {
  storage.removeItem(LOCAL_STORAGE_KEY);
}

/** The `queryEditor` the server stores for a tab. */
export function toQueryEditor(tab: EditorTab): QueryEditorPayload {
  return {
    name: tab.name,
    dbId: tab.dbId,
    catalog: tab.catalog,
    schema: tab.schema,
    sql: tab.sql,
    queryLimit: tab.queryLimit,
    hideLeftBar: tab.hideLeftBar,
    remoteId: tab.savedQueryId,
    templateParams: tab.templateParams,
    autorun: tab.autorun,
    updatedAt: tab.updatedAt,
    version: EXTRA_JSON_VERSION,
  };
}

/** The version of the tab's extra_json, as Superset's editor sync writes it. */
export const EXTRA_JSON_VERSION = 1;

/** A tab's extra_json: Superset's updatedAt and version, and what only this client keeps per tab. */
export function tabExtraJson(tab: EditorTab): Record<string, unknown> {
  return {
    updatedAt: tab.updatedAt,
    version: EXTRA_JSON_VERSION,
    ...(tab.cursorPosition ? { cursorPosition: tab.cursorPosition } : {}),
    ...(tab.northPercent !== null ? { northPercent: tab.northPercent } : {}),
  };
}

/** The per-tab fields read back from a stored extra_json; anything malformed is left out. */
export function fieldsFromExtraJson(
  extra: Record<string, unknown> | null | undefined,
): Pick<Partial<EditorTab>, 'updatedAt' | 'cursorPosition' | 'northPercent'> {
  if (!extra) return {};
  const fields: Pick<Partial<EditorTab>, 'updatedAt' | 'cursorPosition' | 'northPercent'> = {};
  if (typeof extra.updatedAt === 'number' && Number.isFinite(extra.updatedAt))
    fields.updatedAt = extra.updatedAt;
  const cursor = extra.cursorPosition as { row?: unknown; column?: unknown } | undefined;
  if (cursor && Number.isInteger(cursor.row) && Number.isInteger(cursor.column)) {
    fields.cursorPosition = {
      row: Math.max(0, cursor.row as number),
      column: Math.max(0, cursor.column as number),
    };
  }
  if (typeof extra.northPercent === 'number' && Number.isFinite(extra.northPercent)) {
    fields.northPercent = extra.northPercent;
  }
  return fields;
}

/** The fields a `PUT /tabstateview/{id}` sends; compared to know whether a tab changed. */
export function tabUpdateFields(tab: EditorTab): Record<string, unknown> {
  return {
    label: tab.name,
    sql: tab.sql,
    database_id: tab.dbId,
    catalog: tab.catalog,
    schema: tab.schema,
    query_limit: tab.queryLimit,
    template_params: tab.templateParams,
    hide_left_bar: tab.hideLeftBar,
    saved_query_id: tab.savedQueryId,
    autorun: tab.autorun,
    extra_json: tabExtraJson(tab),
    ...(tab.latestQueryId ? { latest_query_id: tab.latestQueryId } : {}),
  };
}

/** A tab listed by the bootstrap but not fetched yet. */
export function stubTab(remoteId: number, label: string): EditorTab {
  return makeTab({ id: `remote-${remoteId}`, remoteId, name: label, loaded: false });
}

/** A server tab state as an editor tab and its tables. */
export function tabFromServer(
  state: TabState,
  id = `remote-${state.id}`,
): { tab: EditorTab; tables: TableSchema[] } {
  const tab = makeTab({
    id,
    remoteId: state.id,
    name: state.label,
    sql: state.sql ?? '',
    dbId: state.database_id,
    catalog: state.catalog,
    schema: state.schema,
    queryLimit: state.query_limit ?? DEFAULT_SQLLAB_QUERY_LIMIT,
    templateParams: state.template_params ?? '',
    savedQueryId: state.saved_query?.id ?? null,
    latestQueryId: state.latest_query?.id ?? null,
    hideLeftBar: state.hide_left_bar,
    autorun: state.autorun,
    ...fieldsFromExtraJson(state.extra_json),
    loaded: true,
  });
  const tables = (state.table_schemas ?? []).map(
    (table): TableSchema => ({
      id: `remote-table-${table.id}`,
      remoteId: table.id,
      tabId: id,
      dbId: table.database_id,
      catalog: table.catalog,
      schema: table.schema ?? '',
      name: table.table,
      expanded: table.expanded,
      previewQueryId: null,
    }),
  );
  return { tab, tables };
}

/** The local tabs that still have to move to the server (the migration), in order. */
export function tabsToMigrate(local: StoredEditorState | null): EditorTab[] {
  return local ? local.tabs.filter((tab) => tab.remoteId === null) : [];
}

/** The table schema object the server stores (`POST /tableschemaview/`). */
export function toTablePayload(table: TableSchema, tab: EditorTab): Record<string, unknown> {
  return {
    queryEditorId: tab.remoteId,
    dbId: table.dbId,
    catalog: table.catalog,
    schema: table.schema,
    name: table.name,
    expanded: table.expanded,
  };
}

/**
 * A query the server reports (bootstrap, a tab's latest query) as a run of the tab it belongs to; the
 * server names the tab by its tab state id. Null when no open tab owns it.
 */
export function queryFromServer(
  query: SqlLabQuery,
  tabs: readonly EditorTab[],
  /** The tab whose latest query this is: it owns the query whatever editor id the run carried. */
  owner?: EditorTab,
): QueryRun | null {
  const tab =
    owner ??
    tabs.find((each) => String(each.remoteId) === query.sqlEditorId || each.id === query.sqlEditorId);
  if (!tab) return null;
  return {
    id: query.id,
    sqlEditorId: tab.id,
    dbId: query.dbId,
    sql: query.sql,
    schema: query.schema,
    catalog: query.catalog,
    state: query.state,
    runAsync: true,
    startDttm: query.startDttm ?? 0,
    endDttm: query.endDttm,
    rows: query.rows,
    queryLimit: query.limit ?? DEFAULT_SQLLAB_QUERY_LIMIT,
    limitingFactor: query.limitingFactor,
    errorMessage: query.errorMessage,
    resultsKey: query.resultsKey,
    serverId: query.serverId,
    results: null,
    previewOf: null,
  };
}
