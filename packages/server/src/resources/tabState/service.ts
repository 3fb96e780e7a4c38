import type { TabState } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import type { Principal } from '../../security/principal.ts';
import {
  FieldError,
  objectField,
  optionalFlag,
  optionalInteger,
  optionalJsonObject,
  optionalJsonText,
  optionalText,
} from './fields.ts';
import * as repo from './repo.ts';

/**
 * The tab views' use cases (Superset's TabStateView and TableSchemaView): a tab and its tables belong to
 * the user who opened them; anyone else gets a bare 403, a missing one a bare 404.
 */

type Db = Kysely<MetastoreSchema>;

/** A legacy view's answer without Superset's error bodies: a status and an optional JSON body. */
export class ViewError extends Error {
  constructor(
    readonly statusCode: 400 | 403 | 404,
    readonly body?: Record<string, unknown>,
  ) {
    super(`view error ${statusCode}`);
  }
}

const badRequest = (message = 'Bad request') => new ViewError(400, { error: message });

/** Runs a field check, turning a field problem into a 400 naming it. */
function checked<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FieldError) throw badRequest(error.message);
    throw error;
  }
}

async function ownTab(db: Db, principal: Principal, id: number): Promise<void> {
  const owner = await repo.tabOwner(db, id);
  if (owner === undefined) throw new ViewError(404);
  if (owner !== principal.id) throw new ViewError(403);
}

async function ownTableSchema(db: Db, principal: Principal, id: number): Promise<void> {
  const owner = await repo.tableSchemaOwner(db, id);
  if (owner === undefined) throw new ViewError(404);
  if (owner !== principal.id) throw new ViewError(403);
}

async function checkReferences(
  db: Db,
  refs: { databaseId?: number | null; savedQueryId?: number | null; latestQueryId?: string | null },
): Promise<void> {
  if (refs.databaseId != null && !(await repo.databaseExists(db, refs.databaseId))) {
    throw badRequest(`Database ${refs.databaseId} does not exist`);
  }
  if (refs.savedQueryId != null && !(await repo.savedQueryExists(db, refs.savedQueryId))) {
    throw badRequest(`Saved query ${refs.savedQueryId} does not exist`);
  }
  if (refs.latestQueryId != null && !(await repo.queryExists(db, refs.latestQueryId))) throw badRequest();
}

/** `POST /tabstateview/` with `queryEditor`: the new tab becomes the user's only active one. */
export async function createTab(
  db: Db,
  principal: Principal,
  fields: Record<string, unknown>,
): Promise<number> {
  const editor = checked(() => objectField(fields.queryEditor, 'queryEditor'));
  const tab = checked(() => {
    const name = optionalText(editor.name ?? editor.title, 'name');
    const extra: Record<string, unknown> = {};
    if (editor.updatedAt !== undefined) extra.updatedAt = editor.updatedAt;
    if (editor.version !== undefined) extra.version = editor.version;
    return {
      user_id: principal.id,
      label: name || 'Untitled Query',
      database_id: optionalInteger(editor.dbId, 'dbId') ?? null,
      catalog: optionalText(editor.catalog, 'catalog') ?? null,
      schema: optionalText(editor.schema, 'schema') ?? null,
      sql: optionalText(editor.sql, 'sql') ?? '',
      query_limit: optionalInteger(editor.queryLimit, 'queryLimit') ?? null,
      autorun: optionalFlag(editor.autorun, 'autorun') ?? 0,
      hide_left_bar: optionalFlag(editor.hideLeftBar, 'hideLeftBar') ?? 0,
      saved_query_id: optionalInteger(editor.remoteId, 'remoteId') ?? null,
      template_params: optionalJsonText(editor.templateParams, 'templateParams') ?? null,
      extra_json: JSON.stringify(extra),
    };
  });
  await checkReferences(db, { databaseId: tab.database_id, savedQueryId: tab.saved_query_id });
  return repo.insertTab(db, tab);
}

export async function getTab(db: Db, principal: Principal, id: number): Promise<TabState> {
  await ownTab(db, principal, id);
  const tab = await repo.getTab(db, id);
  if (!tab) throw new ViewError(404);
  return tab;
}

const UPDATABLE = new Set([
  'label',
  'database_id',
  'catalog',
  'schema',
  'sql',
  'query_limit',
  'latest_query_id',
  'autorun',
  'template_params',
  'hide_left_bar',
  'extra_json',
  'saved_query_id',
]);

/** `PUT /tabstateview/{id}`: changes only the fields sent. */
export async function updateTab(
  db: Db,
  principal: Principal,
  id: number,
  fields: Record<string, unknown>,
): Promise<number> {
  await ownTab(db, principal, id);
  const unknown = Object.keys(fields).filter((name) => !UPDATABLE.has(name));
  if (unknown.length > 0) throw badRequest(`Unknown fields: ${unknown.join(', ')}`);
  const changes = checked((): repo.TabUpdate => {
    const label = optionalText(fields.label, 'label');
    const sql = optionalText(fields.sql, 'sql');
    return {
      ...(label != null && { label }),
      ...(fields.database_id !== undefined && {
        database_id: optionalInteger(fields.database_id, 'database_id'),
      }),
      ...(fields.catalog !== undefined && { catalog: optionalText(fields.catalog, 'catalog') }),
      ...(fields.schema !== undefined && { schema: optionalText(fields.schema, 'schema') }),
      ...(fields.sql !== undefined && { sql: sql ?? '' }),
      ...(fields.query_limit !== undefined && {
        query_limit: optionalInteger(fields.query_limit, 'query_limit'),
      }),
      ...(fields.latest_query_id !== undefined && {
        latest_query_id: optionalText(fields.latest_query_id, 'latest_query_id'),
      }),
      ...(fields.autorun !== undefined && { autorun: optionalFlag(fields.autorun, 'autorun') }),
      ...(fields.template_params !== undefined && {
        template_params: optionalJsonText(fields.template_params, 'template_params'),
      }),
      ...(fields.hide_left_bar !== undefined && {
        hide_left_bar: optionalFlag(fields.hide_left_bar, 'hide_left_bar'),
      }),
      ...(fields.extra_json !== undefined && {
        extra_json: optionalJsonObject(fields.extra_json, 'extra_json'),
      }),
      ...(fields.saved_query_id !== undefined && {
        saved_query_id: optionalInteger(fields.saved_query_id, 'saved_query_id'),
      }),
    };
  });
  await checkReferences(db, {
    databaseId: changes.database_id as number | null | undefined,
    savedQueryId: changes.saved_query_id as number | null | undefined,
    latestQueryId: changes.latest_query_id as string | null | undefined,
  });
  await repo.updateTab(db, id, changes);
  return id;
}

export async function deleteTab(db: Db, principal: Principal, id: number): Promise<void> {
  await ownTab(db, principal, id);
  await repo.deleteTab(db, id);
}

export async function activateTab(db: Db, principal: Principal, id: number): Promise<number> {
  await ownTab(db, principal, id);
  await repo.activateTab(db, principal.id, id);
  return id;
}

/** `POST /tabstateview/{id}/migrate_query` with `queryId`: a local tab's query now belongs to this tab. */
export async function migrateQuery(
  db: Db,
  principal: Principal,
  id: number,
  fields: Record<string, unknown>,
): Promise<number> {
  await ownTab(db, principal, id);
  const clientId = checked(() => optionalText(fields.queryId, 'queryId'));
  if (!clientId) throw badRequest('queryId is required');
  if (!(await repo.queryExists(db, clientId))) throw badRequest();
  await repo.moveQueryToTab(db, clientId, id);
  return id;
}

export async function deleteTabQuery(
  db: Db,
  principal: Principal,
  id: number,
  clientId: string,
): Promise<void> {
  await ownTab(db, principal, id);
  await repo.deleteTabQuery(db, id, clientId, principal.id);
}

/**
 * `POST /tableschemaview/` with `table`: the whole table object is kept as its description; the table
 * opens expanded unless the object says otherwise (a migrated local table keeps its state).
 */
export async function addTableSchema(
  db: Db,
  principal: Principal,
  fields: Record<string, unknown>,
): Promise<number> {
  const table = checked(() => objectField(fields.table, 'table'));
  const values = checked(() => ({
    tabId: optionalInteger(table.queryEditorId, 'queryEditorId'),
    databaseId: optionalInteger(table.dbId, 'dbId'),
    catalog: optionalText(table.catalog, 'catalog') ?? null,
    schema: optionalText(table.schema, 'schema') ?? null,
    name: optionalText(table.name, 'name'),
    expanded: table.expanded == null ? 1 : (optionalFlag(table.expanded, 'expanded') ?? 1),
  }));
  if (values.tabId == null) throw badRequest('queryEditorId is required');
  if (values.databaseId == null) throw badRequest('dbId is required');
  if (!values.name) throw badRequest('name is required');
  await ownTab(db, principal, values.tabId);
  await checkReferences(db, { databaseId: values.databaseId });
  return repo.insertTableSchema(db, {
    tab_state_id: values.tabId,
    database_id: values.databaseId,
    catalog: values.catalog,
    schema: values.schema,
    table: values.name,
    description: JSON.stringify(table),
    expanded: values.expanded,
  });
}

export async function expandTableSchema(
  db: Db,
  principal: Principal,
  id: number,
  fields: Record<string, unknown>,
): Promise<{ id: number; expanded: boolean }> {
  await ownTableSchema(db, principal, id);
  const flag = checked(() => optionalFlag(fields.expanded, 'expanded'));
  if (flag === undefined) throw badRequest('expanded is required');
  await repo.setTableSchemaExpanded(db, id, flag === 1);
  return { id, expanded: flag === 1 };
}

export async function deleteTableSchema(db: Db, principal: Principal, id: number): Promise<void> {
  await ownTableSchema(db, principal, id);
  await repo.deleteTableSchema(db, id);
}
