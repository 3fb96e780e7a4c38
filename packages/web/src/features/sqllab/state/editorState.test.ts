import type { ExecuteResult } from '@vitrina/common';
import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  initialEditorState,
  nextUntitledName,
  type QueryRun,
  tabQueries,
  wrapIndex,
} from './editorState.ts';

function run(id: string, tabId: string, fields: Partial<QueryRun> = {}): QueryRun {
  return {
    id,
    sqlEditorId: tabId,
    dbId: 1,
    sql: 'SELECT 1',
    schema: null,
    catalog: null,
    state: 'running',
    runAsync: false,
    startDttm: 1,
    endDttm: null,
    rows: null,
    queryLimit: 1000,
    limitingFactor: 'UNKNOWN',
    errorMessage: null,
    resultsKey: null,
    serverId: null,
    results: null,
    previewOf: null,
    ...fields,
  };
}

const RESULT = { query_id: 7, status: 'success', data: [{ a: 1 }], columns: [] } as unknown as ExecuteResult;

describe('tab names', () => {
  it('starts at 1 and takes one more than the highest number', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName(['Untitled Query 1', 'Sales', 'Untitled Query 4'])).toBe('Untitled Query 5');
    expect(nextUntitledName(['Untitled Query x'])).toBe('Untitled Query 1');
  });

  it('names a new tab in the UI language, numbered on from untitled tabs in any language', () => {
    expect(nextUntitledName([], 'ru')).toBe('Безымянный запрос 1');
    expect(nextUntitledName(['Untitled Query 2', 'Безымянный запрос 3'], 'ru')).toBe('Безымянный запрос 4');
    expect(nextUntitledName(['Безымянный запрос 3'], 'en')).toBe('Untitled Query 4');
  });

  it('names new and copied tabs by the rule', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'addTab' });
    state = editorReducer(state, { type: 'copyTab', id: state.tabs[0]!.id });
    expect(state.tabs.map((tab) => tab.name)).toEqual([
      'Untitled Query 1',
      'Untitled Query 2',
      'Untitled Query 3',
    ]);
    expect(state.activeTabId).toBe(state.tabs[2]!.id);
    expect(state.tabs[0]!.sql).toBe('SELECT ...');
  });
});

describe('tab navigation', () => {
  it('wraps at both ends', () => {
    expect(wrapIndex(2, 1, 3)).toBe(0);
    expect(wrapIndex(0, -1, 3)).toBe(2);
    let state = initialEditorState();
    state = editorReducer(state, { type: 'addTab' });
    state = editorReducer(state, { type: 'cycleTab', step: 1 });
    expect(state.activeTabId).toBe(state.tabs[0]!.id);
    state = editorReducer(state, { type: 'cycleTab', step: -1 });
    expect(state.activeTabId).toBe(state.tabs[1]!.id);
  });

  it('keeps a tab its id when its server fields arrive, so it stays the active tab', () => {
    let state = initialEditorState();
    const id = state.tabs[0]!.id;
    // A tab loaded from the server after it was opened: its fields come without (or with a blank) id.
    state = editorReducer(state, {
      type: 'updateTab',
      id,
      changes: { id: undefined, name: 'From the server', loaded: true } as never,
    });
    expect(state.tabs[0]).toMatchObject({ id, name: 'From the server' });
    expect(state.tabs.find((tab) => tab.id === state.activeTabId)?.name).toBe('From the server');
  });

  it('closes a tab, its queries and tables; the last close leaves a fresh tab', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'addTab' });
    const first = state.tabs[0]!;
    const second = state.tabs[1]!;
    state = editorReducer(state, { type: 'startQuery', query: run('q1', second.id) });
    state = editorReducer(state, { type: 'closeTab', id: second.id });
    expect(state.tabs.map((tab) => tab.id)).toEqual([first.id]);
    expect(state.queries).toEqual({});
    state = editorReducer(state, { type: 'closeTab', id: first.id });
    expect(state.tabs).toHaveLength(1);
    expect(state.tabs[0]!.name).toBe('Untitled Query 1');
  });

  it('closes all other tabs', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'addTab' });
    state = editorReducer(state, { type: 'addTab' });
    const keep = state.tabs[1]!.id;
    state = editorReducer(state, { type: 'closeOtherTabs', id: keep });
    expect(state.tabs.map((tab) => tab.id)).toEqual([keep]);
    expect(state.activeTabId).toBe(keep);
  });
});

describe('query transitions', () => {
  it('records the run as the tab latest query and a success with its rows', () => {
    let state = initialEditorState();
    const tabId = state.tabs[0]!.id;
    state = editorReducer(state, { type: 'startQuery', query: run('q1', tabId) });
    expect(state.tabs[0]!.latestQueryId).toBe('q1');
    state = editorReducer(state, { type: 'querySuccess', id: 'q1', results: RESULT });
    expect(state.queries.q1!).toMatchObject({ state: 'success', rows: 1, serverId: 7 });
    expect(tabQueries(state, tabId).map((query) => query.id)).toEqual(['q1']);
  });

  it('ignores a success or failure that arrives after Stop', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'startQuery', query: run('q1', state.tabs[0]!.id) });
    state = editorReducer(state, { type: 'queryStopped', id: 'q1' });
    state = editorReducer(state, { type: 'querySuccess', id: 'q1', results: RESULT });
    state = editorReducer(state, { type: 'queryFailed', id: 'q1', message: 'boom' });
    expect(state.queries.q1!.state).toBe('stopped');
    expect(state.queries.q1!.results).toBeNull();
  });

  it('does not stop a query that already finished, nor revive it by a poll', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'startQuery', query: run('q1', state.tabs[0]!.id) });
    state = editorReducer(state, { type: 'querySuccess', id: 'q1', results: RESULT });
    state = editorReducer(state, { type: 'queryStopped', id: 'q1' });
    state = editorReducer(state, { type: 'queryRunning', id: 'q1', changes: { state: 'running' } });
    expect(state.queries.q1!.state).toBe('success');
  });

  it('keeps a failure message', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'startQuery', query: run('q1', state.tabs[0]!.id) });
    state = editorReducer(state, { type: 'queryFailed', id: 'q1', message: 'syntax error' });
    expect(state.queries.q1!).toMatchObject({ state: 'failed', errorMessage: 'syntax error' });
  });
});
