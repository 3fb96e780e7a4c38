/**
 * The migration (SQLLAB_BACKEND_PERSISTENCE turned on): the tabs kept in this browser move to the
 * server with their tables and their latest query. A tab the server refused stays in local storage,
 * so the next visit tries again.
 */
import type { QueryEditorPayload } from '../../../api/sqllab.ts';
import type { EditorTab, TableSchema } from './editorState.ts';
import { type StoredEditorState, tabsToMigrate, toQueryEditor, toTablePayload } from './tabStorage.ts';

export interface MigrationApi {
  createTab(editor: QueryEditorPayload): Promise<number>;
  createTable(table: Record<string, unknown>): Promise<number>;
  /** Moves a query run under the local tab id to the server's tab. */
  migrateQuery(tabId: number, clientId: string): Promise<unknown>;
}

/** The i18n keys (under sqlLab.toasts) of the migration's warnings. */
export type MigrationWarning = 'migrateEditorFailed' | 'migrateTableFailed' | 'migrateQueryFailed';

export interface MigrationResult {
  /** The moved tabs, with their server ids. */
  tabs: EditorTab[];
  /** Their tables; one the server refused stays without a server id. */
  tables: TableSchema[];
  /** What local storage keeps for a later try, or null when everything moved. */
  left: StoredEditorState | null;
  warnings: MigrationWarning[];
}

export async function migrateLocalTabs(
  local: StoredEditorState | null,
  api: MigrationApi,
): Promise<MigrationResult> {
  const result: MigrationResult = { tabs: [], tables: [], left: null, warnings: [] };
  const kept: EditorTab[] = [];
  for (const tab of tabsToMigrate(local)) {
    let remoteId: number;
    try {
      remoteId = await api.createTab(toQueryEditor(tab));
    } catch {
      result.warnings.push('migrateEditorFailed');
      kept.push(tab);
      continue;
    }
    const moved: EditorTab = { ...tab, remoteId };
    result.tabs.push(moved);
    if (tab.latestQueryId) {
      try {
        await api.migrateQuery(remoteId, tab.latestQueryId);
      } catch {
        result.warnings.push('migrateQueryFailed');
      }
    }
    for (const table of local?.tables.filter((each) => each.tabId === tab.id) ?? []) {
      try {
        result.tables.push({ ...table, remoteId: await api.createTable(toTablePayload(table, moved)) });
      } catch {
        result.warnings.push('migrateTableFailed');
        result.tables.push(table);
      }
    }
  }
  if (kept.length > 0) {
    const keptIds = new Set(kept.map((tab) => tab.id));
    result.left = {
      tabs: kept,
      activeTabId: kept[0]!.id,
      tables: local?.tables.filter((table) => keptIds.has(table.tabId)) ?? [],
    };
  }
  return result;
}
