/**
 * SQL Lab's editor state (DESIGN §3.11): the tabs, the queries they ran and the tables they browse. A
 * plain reducer so the rules (tab naming, wrapping, query transitions) are tested without a screen.
 */
import {
  DEFAULT_SQLLAB_QUERY_LIMIT,
  type ExecuteResult,
  LANGUAGES,
  type LanguageCode,
  type LimitingFactor,
  QUERY_CLIENT_ID_LENGTH,
  type QueryState,
} from '@vitrina/common';
import sqlLabEn from '@vitrina/common/i18n/areas/sqllab.en.json' with { type: 'json' };
import sqlLabRu from '@vitrina/common/i18n/areas/sqllab.ru.json' with { type: 'json' };
import { currentLanguage } from '../../../app/i18n/i18n.ts';

// Both languages' names, to number a new tab after tabs named in either (only SQL Lab's own texts).
const SQL_LAB_TEXTS: Record<LanguageCode, typeof sqlLabEn> = { en: sqlLabEn, ru: sqlLabRu };

/** A new tab's name without its number, in a language: 'Untitled Query ', 'Безымянный запрос '. */
export function untitledPrefix(language: LanguageCode): string {
  return SQL_LAB_TEXTS[language].sqlLab.untitledQuery.replace('{{n}}', '');
}
export const DEFAULT_SQL = 'SELECT ...';

export interface EditorTab {
  /** The client's id; stays the same when the tab is stored on the server. */
  id: string;
  /** The server's tab state id (`/tabstateview/{id}`), once stored there. */
  remoteId: number | null;
  name: string;
  sql: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  queryLimit: number;
  templateParams: string;
  savedQueryId: number | null;
  latestQueryId: string | null;
  hideLeftBar: boolean;
  /** The south pane's selected tab: 'results', 'history' or a preview query id. */
  southTab: string;
  /** Run the SQL as soon as the tab is shown (a share link or `?autorun=true`); cleared once run. */
  autorun: boolean;
  /** Where the cursor was, 0-based, restored when the tab is shown again. */
  cursorPosition: CursorPosition | null;
  /** The editor's share of the editor/results split; null: the last split the user dragged. */
  northPercent: number | null;
  /** When the tab last changed (ms), sent in extra_json as Superset's editor sync does. */
  updatedAt: number;
  /** False for a server tab whose full state has not been fetched yet. */
  loaded: boolean;
}

export interface CursorPosition {
  row: number;
  column: number;
}

export interface QueryRun {
  id: string;
  sqlEditorId: string;
  dbId: number;
  sql: string;
  schema: string | null;
  catalog: string | null;
  state: QueryState;
  runAsync: boolean;
  startDttm: number;
  endDttm: number | null;
  rows: number | null;
  queryLimit: number;
  limitingFactor: LimitingFactor;
  errorMessage: string | null;
  /** The failure's Superset error type when the server gave one; it picks the translated explanation. */
  errorType?: string | null;
  resultsKey: string | null;
  serverId: number | null;
  results: ExecuteResult | null;
  /** Set for a table's data preview. */
  previewOf: string | null;
  /** Set for a run as CREATE TABLE/VIEW AS: what it creates. */
  ctas?: CtasTarget | null;
}

/** A run's results kept as a new table or view (the database's allow_ctas/allow_cvas). */
export interface CtasTarget {
  method: 'TABLE' | 'VIEW';
  tableName: string;
}

export interface TableSchema {
  id: string;
  remoteId: number | null;
  tabId: string;
  dbId: number;
  catalog: string | null;
  schema: string;
  name: string;
  expanded: boolean;
  previewQueryId: string | null;
}

export interface EditorState {
  tabs: EditorTab[];
  activeTabId: string;
  queries: Record<string, QueryRun>;
  tables: TableSchema[];
}

const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** An 11-character client id, as Superset makes for tabs and queries. */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(QUERY_CLIENT_ID_LENGTH));
  return Array.from(bytes, (byte) => ID_CHARS[byte % ID_CHARS.length]).join('');
}

/** 'Untitled Query N' with N one more than the highest N among the tabs; the first is 1. */
export function nextUntitledName(names: readonly string[], language = currentLanguage()): string {
  // Numbered on from the highest untitled tab in any language, so switching language never repeats one.
  const prefixes = LANGUAGES.map(untitledPrefix);
  let highest = 0;
  for (const name of names) {
    const prefix = prefixes.find((each) => name.startsWith(each));
    if (prefix === undefined) continue;
    const n = Number(name.slice(prefix.length));
    if (Number.isInteger(n) && n > highest) highest = n;
  }
  return `${untitledPrefix(language)}${highest + 1}`;
}

/** The index `step` away from `index`, wrapping around at either end. */
export function wrapIndex(index: number, step: number, length: number): number {
  return (((index + step) % length) + length) % length;
}

export function makeTab(fields: Partial<EditorTab> & { name: string }): EditorTab {
  return {
    id: newClientId(),
    remoteId: null,
    sql: DEFAULT_SQL,
    dbId: null,
    catalog: null,
    schema: null,
    queryLimit: DEFAULT_SQLLAB_QUERY_LIMIT,
    templateParams: '',
    savedQueryId: null,
    latestQueryId: null,
    hideLeftBar: false,
    southTab: 'results',
    autorun: false,
    cursorPosition: null,
    northPercent: null,
    updatedAt: Date.now(),
    loaded: true,
    ...fields,
  };
}

export function initialEditorState(defaultSql = DEFAULT_SQL): EditorState {
  const tab = makeTab({ name: nextUntitledName([]), sql: defaultSql });
  return { tabs: [tab], activeTabId: tab.id, queries: {}, tables: [] };
}

export type EditorAction =
  | { type: 'replace'; state: EditorState }
  | { type: 'addTab'; tab?: Partial<EditorTab>; defaultSql?: string; activate?: boolean }
  | { type: 'copyTab'; id: string }
  | { type: 'closeTab'; id: string; defaultSql?: string }
  | { type: 'closeOtherTabs'; id: string }
  | { type: 'activateTab'; id: string }
  | { type: 'cycleTab'; step: 1 | -1 }
  | { type: 'updateTab'; id: string; changes: Partial<Omit<EditorTab, 'id'>> }
  | { type: 'startQuery'; query: QueryRun }
  | { type: 'queryRunning'; id: string; changes: Partial<QueryRun> }
  | { type: 'querySuccess'; id: string; results: ExecuteResult }
  | { type: 'queryFailed'; id: string; message: string; errorType?: string | null }
  | { type: 'queryStopped'; id: string }
  | { type: 'removeQuery'; id: string }
  | { type: 'restoreQueries'; queries: QueryRun[] }
  | { type: 'addTable'; table: TableSchema }
  | { type: 'updateTable'; id: string; changes: Partial<TableSchema> }
  | { type: 'removeTable'; id: string };

function updateQuery(
  state: EditorState,
  id: string,
  update: (query: QueryRun) => QueryRun | null,
): EditorState {
  const query = state.queries[id];
  if (!query) return state;
  const next = update(query);
  if (!next || next === query) return state;
  return { ...state, queries: { ...state.queries, [id]: next } };
}

const CONCLUDED: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'replace':
      return action.state;
    case 'addTab': {
      const active = state.tabs.find((tab) => tab.id === state.activeTabId);
      const tab = makeTab({
        name: nextUntitledName(state.tabs.map((each) => each.name)),
        sql: action.defaultSql ?? DEFAULT_SQL,
        // A new tab starts on the database and schema the user is working in, as in Superset.
        dbId: active?.dbId ?? null,
        catalog: active?.catalog ?? null,
        schema: active?.schema ?? null,
        queryLimit: active?.queryLimit ?? DEFAULT_SQLLAB_QUERY_LIMIT,
        ...action.tab,
      });
      return {
        ...state,
        tabs: [...state.tabs, tab],
        activeTabId: action.activate === false ? state.activeTabId : tab.id,
      };
    }
    case 'copyTab': {
      const source = state.tabs.find((tab) => tab.id === action.id);
      if (!source) return state;
      const copy = makeTab({
        ...source,
        id: newClientId(),
        remoteId: null,
        latestQueryId: null,
        savedQueryId: null,
        name: nextUntitledName(state.tabs.map((each) => each.name)),
      });
      return { ...state, tabs: [...state.tabs, copy], activeTabId: copy.id };
    }
    case 'closeTab': {
      const index = state.tabs.findIndex((tab) => tab.id === action.id);
      if (index < 0) return state;
      const tabs = state.tabs.filter((tab) => tab.id !== action.id);
      const rest = withoutTabData(state, [action.id]);
      if (tabs.length === 0) {
        const fresh = makeTab({ name: nextUntitledName([]), sql: action.defaultSql ?? DEFAULT_SQL });
        return { ...rest, tabs: [fresh], activeTabId: fresh.id };
      }
      const activeTabId =
        state.activeTabId === action.id ? tabs[Math.min(index, tabs.length - 1)]!.id : state.activeTabId;
      return { ...rest, tabs, activeTabId };
    }
    case 'closeOtherTabs': {
      const keep = state.tabs.find((tab) => tab.id === action.id);
      if (!keep) return state;
      const closed = state.tabs.filter((tab) => tab.id !== action.id).map((tab) => tab.id);
      return { ...withoutTabData(state, closed), tabs: [keep], activeTabId: keep.id };
    }
    case 'activateTab':
      return state.tabs.some((tab) => tab.id === action.id) ? { ...state, activeTabId: action.id } : state;
    case 'cycleTab': {
      const index = state.tabs.findIndex((tab) => tab.id === state.activeTabId);
      const next = state.tabs[wrapIndex(Math.max(index, 0), action.step, state.tabs.length)];
      return next ? { ...state, activeTabId: next.id } : state;
    }
    case 'updateTab':
      return {
        ...state,
        // A change never renames a tab: activeTabId and the tables point at its id.
        tabs: state.tabs.map((tab) =>
          tab.id === action.id ? { ...tab, updatedAt: Date.now(), ...action.changes, id: tab.id } : tab,
        ),
      };
    case 'startQuery': {
      const queries = { ...state.queries, [action.query.id]: action.query };
      if (action.query.previewOf) return { ...state, queries };
      return {
        ...state,
        queries,
        tabs: state.tabs.map((tab) =>
          tab.id === action.query.sqlEditorId
            ? { ...tab, latestQueryId: action.query.id, southTab: 'results' }
            : tab,
        ),
      };
    }
    case 'queryRunning':
      // A poll must not bring a stopped or finished query back to life.
      return updateQuery(state, action.id, (query) =>
        CONCLUDED.includes(query.state) ? null : { ...query, ...action.changes },
      );
    case 'querySuccess':
      // A result that arrives after Stop is ignored, as in Superset.
      return updateQuery(state, action.id, (query) =>
        query.state === 'stopped'
          ? null
          : {
              ...query,
              state: 'success',
              results: action.results,
              rows: action.results.query?.rows ?? action.results.data.length,
              limitingFactor: action.results.query?.limitingFactor ?? query.limitingFactor,
              serverId: action.results.query_id ?? query.serverId,
              resultsKey: action.results.query?.resultsKey ?? query.resultsKey,
              endDttm: action.results.query?.endDttm ?? Date.now(),
              errorMessage: null,
            },
      );
    case 'queryFailed':
      return updateQuery(state, action.id, (query) =>
        query.state === 'stopped'
          ? null
          : {
              ...query,
              state: 'failed',
              errorMessage: action.message,
              errorType: action.errorType ?? null,
              endDttm: Date.now(),
            },
      );
    case 'queryStopped':
      return updateQuery(state, action.id, (query) =>
        CONCLUDED.includes(query.state) && query.state !== 'stopped'
          ? null
          : { ...query, state: 'stopped', endDttm: Date.now(), results: null },
      );
    case 'removeQuery': {
      const { [action.id]: _removed, ...queries } = state.queries;
      return { ...state, queries };
    }
    case 'restoreQueries': {
      // Queries known from the server join the history; what this page already tracks wins.
      const queries = { ...state.queries };
      for (const query of action.queries) queries[query.id] ??= query;
      return { ...state, queries };
    }
    case 'addTable':
      return { ...state, tables: [...state.tables, action.table] };
    case 'updateTable':
      return {
        ...state,
        tables: state.tables.map((table) =>
          table.id === action.id ? { ...table, ...action.changes } : table,
        ),
      };
    case 'removeTable':
      return { ...state, tables: state.tables.filter((table) => table.id !== action.id) };
  }
}

function withoutTabData(state: EditorState, tabIds: readonly string[]): EditorState {
  const closed = new Set(tabIds);
  return {
    ...state,
    queries: Object.fromEntries(
      Object.entries(state.queries).filter(([, query]) => !closed.has(query.sqlEditorId)),
    ),
    tables: state.tables.filter((table) => !closed.has(table.tabId)),
  };
}

/** The tab's runs, newest first (its query history). */
export function tabQueries(state: EditorState, tabId: string): QueryRun[] {
  return Object.values(state.queries)
    .filter((query) => query.sqlEditorId === tabId && !query.previewOf)
    .sort((a, b) => b.startDttm - a.startDttm);
}
