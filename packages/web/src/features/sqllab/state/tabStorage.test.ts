// @vitest-environment jsdom
import type { TabState } from '@vitrina/common';
import { beforeEach, describe, expect, it } from 'vitest';
import { editorReducer, initialEditorState, makeTab } from './editorState.ts';
import {
  fieldsFromExtraJson,
  LOCAL_STORAGE_KEY,
  queryFromServer,
  readLocalState,
  tabFromServer,
  tabsToMigrate,
  tabUpdateFields,
  toQueryEditor,
  writeLocalState,
} from './tabStorage.ts';

beforeEach(() => window.localStorage.clear());

describe('local storage', () => {
  it('keeps tabs and tables but never results', () => {
    let state = initialEditorState('-- note\nSELECT ...');
    state = editorReducer(state, {
      type: 'startQuery',
      query: {
        id: 'q1',
        sqlEditorId: state.tabs[0]!.id,
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
      },
    });
    writeLocalState(state);
    expect(window.localStorage.getItem(LOCAL_STORAGE_KEY)).not.toContain('"queries"');
    const read = readLocalState();
    expect(read?.tabs[0]?.sql).toBe('-- note\nSELECT ...');
    expect(read?.activeTabId).toBe(state.activeTabId);
  });

  it('reads nothing from empty or broken storage', () => {
    expect(readLocalState()).toBeNull();
    window.localStorage.setItem(LOCAL_STORAGE_KEY, '{broken');
    expect(readLocalState()).toBeNull();
  });
});

describe('migration from local to backend storage', () => {
  it('moves only the tabs the server does not have yet', () => {
    let state = initialEditorState();
    state = editorReducer(state, { type: 'addTab' });
    state = editorReducer(state, { type: 'updateTab', id: state.tabs[1]!.id, changes: { remoteId: 8 } });
    writeLocalState(state);
    const migrating = tabsToMigrate(readLocalState());
    expect(migrating.map((tab) => tab.name)).toEqual(['Untitled Query 1']);
    expect(tabsToMigrate(null)).toEqual([]);
  });

  it('sends the query editor as the server stores it', () => {
    const state = editorReducer(initialEditorState(), {
      type: 'updateTab',
      id: initialEditorState().tabs[0]!.id,
      changes: {},
    });
    const tab = { ...state.tabs[0]!, dbId: 3, schema: 'main', sql: 'SELECT 2', savedQueryId: 5 };
    expect(toQueryEditor(tab)).toMatchObject({
      name: 'Untitled Query 1',
      dbId: 3,
      schema: 'main',
      remoteId: 5,
    });
    expect(tabUpdateFields(tab)).toMatchObject({
      label: 'Untitled Query 1',
      database_id: 3,
      saved_query_id: 5,
    });
  });

  it('keeps autorun, the cursor, the split and updatedAt per tab through the server and back', () => {
    const tab = makeTab({
      name: 'Kept',
      remoteId: 8,
      autorun: true,
      cursorPosition: { row: 3, column: 4 },
      northPercent: 62.5,
      updatedAt: 1716200000000,
    });
    const fields = tabUpdateFields(tab);
    expect(fields).toMatchObject({
      autorun: true,
      extra_json: {
        updatedAt: 1716200000000,
        version: 1,
        cursorPosition: { row: 3, column: 4 },
        northPercent: 62.5,
      },
    });
    expect(toQueryEditor(tab)).toMatchObject({ autorun: true, updatedAt: 1716200000000, version: 1 });
    const server = {
      id: 8,
      label: 'Kept',
      sql: '',
      autorun: true,
      extra_json: fields.extra_json,
      table_schemas: [],
    } as unknown as TabState;
    expect(tabFromServer(server).tab).toMatchObject({
      autorun: true,
      cursorPosition: { row: 3, column: 4 },
      northPercent: 62.5,
      updatedAt: 1716200000000,
    });
  });

  it('ignores a malformed extra_json', () => {
    expect(
      fieldsFromExtraJson({ cursorPosition: { row: 'x' }, northPercent: 'wide', updatedAt: null }),
    ).toEqual({});
    expect(fieldsFromExtraJson(undefined)).toEqual({});
  });

  it('reads a server tab state with its tables', () => {
    const server: TabState = {
      id: 5,
      user_id: 1,
      label: 'Sales',
      active: true,
      database_id: 1,
      catalog: null,
      schema: 'main',
      sql: 'SELECT * FROM sales',
      query_limit: 500,
      latest_query: null,
      autorun: false,
      template_params: null,
      hide_left_bar: true,
      saved_query: { id: 2 },
      extra_json: {},
      table_schemas: [
        {
          id: 9,
          tab_state_id: 5,
          database_id: 1,
          catalog: null,
          schema: 'main',
          table: 'sales',
          description: {},
          expanded: false,
        },
      ],
    };
    const { tab, tables } = tabFromServer(server);
    expect(tab).toMatchObject({
      remoteId: 5,
      name: 'Sales',
      queryLimit: 500,
      hideLeftBar: true,
      savedQueryId: 2,
    });
    expect(tables).toEqual([
      expect.objectContaining({ remoteId: 9, name: 'sales', expanded: false, tabId: tab.id }),
    ]);
  });
});

describe('queries from the server', () => {
  it('belong to the open tab the server names by its tab state id, and join without overriding', () => {
    let state = initialEditorState();
    const tabId = state.tabs[0]!.id;
    state = editorReducer(state, { type: 'updateTab', id: tabId, changes: { remoteId: 5 } });
    const remote = {
      id: 'abc',
      sqlEditorId: '5',
      dbId: 1,
      sql: 'SELECT 1',
      schema: null,
      catalog: null,
      state: 'success',
      startDttm: 10,
      endDttm: 20,
      rows: 1,
      limit: 1000,
      limitingFactor: 'NOT_LIMITED',
      errorMessage: null,
      resultsKey: 'key-1',
      serverId: 3,
    } as unknown as Parameters<typeof queryFromServer>[0];
    const query = queryFromServer(remote, state.tabs);
    expect(query).toMatchObject({ id: 'abc', sqlEditorId: tabId, state: 'success', resultsKey: 'key-1' });
    expect(queryFromServer({ ...remote, sqlEditorId: '99' }, state.tabs)).toBeNull();
    // A tab's latest query run before the tab reached the server still belongs to it.
    const owner = state.tabs[0]!;
    expect(queryFromServer({ ...remote, sqlEditorId: 'localId123' }, state.tabs, owner)).toMatchObject({
      sqlEditorId: owner.id,
    });
    state = editorReducer(state, { type: 'restoreQueries', queries: [query!] });
    state = editorReducer(state, { type: 'restoreQueries', queries: [{ ...query!, state: 'failed' }] });
    expect(state.queries.abc?.state).toBe('success');
  });
});
