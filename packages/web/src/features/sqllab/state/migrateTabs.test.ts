import { describe, expect, it, vi } from 'vitest';
import { makeTab, type TableSchema } from './editorState.ts';
import { type MigrationApi, migrateLocalTabs } from './migrateTabs.ts';
import type { StoredEditorState } from './tabStorage.ts';

function table(tabId: string, name: string): TableSchema {
  return {
    id: `t-${name}`,
    remoteId: null,
    tabId,
    dbId: 1,
    catalog: null,
    schema: 'main',
    name,
    expanded: false,
    previewQueryId: null,
  };
}

function localState(): StoredEditorState {
  const first = makeTab({
    id: 'local-a',
    name: 'Untitled Query 1',
    sql: 'SELECT 1',
    dbId: 1,
    latestQueryId: 'qqqqqqqqqqq',
  });
  const second = makeTab({ id: 'local-b', name: 'Untitled Query 2', sql: 'SELECT 2', dbId: 1 });
  return {
    tabs: [first, second],
    activeTabId: first.id,
    tables: [table('local-a', 'sales'), table('local-b', 'orders')],
  };
}

function fakeApi(overrides: Partial<MigrationApi> = {}) {
  let nextId = 40;
  return {
    createTab: vi.fn(async () => ++nextId),
    createTable: vi.fn(async () => ++nextId),
    migrateQuery: vi.fn(async () => 1),
    ...overrides,
  };
}

describe('migrateLocalTabs', () => {
  it('moves every local tab with its tables and latest query to the server', async () => {
    const api = fakeApi();
    const result = await migrateLocalTabs(localState(), api);
    expect(result.tabs.map((tab) => [tab.id, tab.remoteId])).toEqual([
      ['local-a', 41],
      ['local-b', 43],
    ]);
    expect(api.createTab).toHaveBeenNthCalledWith(
      1,
      expect.objectContaining({ name: 'Untitled Query 1', sql: 'SELECT 1', dbId: 1 }),
    );
    expect(api.createTable).toHaveBeenNthCalledWith(
      1,
      expect.objectContaining({ queryEditorId: 41, name: 'sales', expanded: false }),
    );
    expect(api.migrateQuery).toHaveBeenCalledExactlyOnceWith(41, 'qqqqqqqqqqq');
    expect(result.tables.map((each) => [each.name, each.remoteId])).toEqual([
      ['sales', 42],
      ['orders', 44],
    ]);
    expect(result.left).toBeNull();
    expect(result.warnings).toEqual([]);
  });

  it('keeps a refused tab in local storage for a later try and warns about each failure', async () => {
    const api = fakeApi({
      createTab: vi.fn(async (editor) => {
        if (editor.name === 'Untitled Query 2') throw new Error('refused');
        return 7;
      }),
      migrateQuery: vi.fn(async () => {
        throw new Error('gone');
      }),
      createTable: vi.fn(async () => {
        throw new Error('refused');
      }),
    });
    const result = await migrateLocalTabs(localState(), api);
    expect(result.tabs.map((tab) => tab.id)).toEqual(['local-a']);
    // A table the server refused still shows in its tab, without a server id.
    expect(result.tables).toEqual([table('local-a', 'sales')]);
    expect(result.left).toEqual({
      tabs: [expect.objectContaining({ id: 'local-b', remoteId: null })],
      activeTabId: 'local-b',
      tables: [table('local-b', 'orders')],
    });
    expect(result.warnings).toEqual(['migrateQueryFailed', 'migrateTableFailed', 'migrateEditorFailed']);
  });

  it('has nothing to move without local tabs', async () => {
    const api = fakeApi();
    expect(await migrateLocalTabs(null, api)).toEqual({ tabs: [], tables: [], left: null, warnings: [] });
    expect(api.createTab).not.toHaveBeenCalled();
  });
});
