import { randomUUID } from 'node:crypto';
import type { ListQuery } from '@vitrina/common';
import { isRecord } from '@vitrina/common/isRecord';
import {
  SCHEDULE_INFO_KEY,
  scheduleInfoProblems,
  toScheduleInfo,
  withScheduleInfo,
} from '@vitrina/common/sqllab/querySchedule';
import type { Kysely } from 'kysely';
import { ForbiddenError, NotFoundError, UnprocessableError } from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { accessibleDatabaseIds } from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import * as repo from './repo.ts';

/**
 * Saved queries (Superset's SavedQueryRestApi): each belongs to the user who saved it; users see and
 * change their own, Admin every one. Others' queries answer 404, as Superset's base filter hides them.
 */

type Db = Kysely<MetastoreSchema>;

/** Server field names, and the client's names for them (SQL Lab's query editor), which are accepted too. */
const CLIENT_NAMES: Readonly<Record<string, string>> = {
  dbId: 'db_id',
  name: 'label',
  templateParams: 'template_parameters',
};
const FIELDS = new Set([
  'db_id',
  'label',
  'description',
  'catalog',
  'schema',
  'sql',
  'template_parameters',
  'extra_json',
]);
/** Client fields that describe the editor tab, not the saved query: ignored. */
const IGNORED = new Set(['id', 'remoteId']);

export interface SavedQueryInput {
  db_id?: number;
  label?: string;
  description?: string | null;
  catalog?: string | null;
  schema?: string | null;
  sql?: string;
  template_parameters?: string | null;
  extra_json?: string;
}

/** Checks a body and maps client names to server names; problems are a 422 naming each field. */
export function parseSavedQueryInput(body: unknown, creating: boolean): SavedQueryInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new UnprocessableError({ _schema: ['Invalid input type.'] });
  }
  const fields: Record<string, unknown> = {};
  const problems: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (IGNORED.has(name)) continue;
    const server = CLIENT_NAMES[name] ?? name;
    if (!FIELDS.has(server)) problems[name] = ['Unknown field.'];
    else if (!(server in fields) || name === server) fields[server] = value;
  }
  const text = (name: string, nullable: boolean) => {
    const value = fields[name];
    if (value === undefined || (nullable && value === null) || typeof value === 'string') return;
    problems[name] = [value === null ? 'Field may not be null.' : 'Not a valid string.'];
  };
  text('label', false);
  text('sql', false);
  text('description', true);
  text('catalog', true);
  text('schema', true);
  if (fields.template_parameters !== undefined && typeof fields.template_parameters === 'object') {
    fields.template_parameters =
      fields.template_parameters === null ? null : JSON.stringify(fields.template_parameters);
  }
  text('template_parameters', true);
  if (
    fields.extra_json !== undefined &&
    typeof fields.extra_json === 'object' &&
    fields.extra_json !== null
  ) {
    fields.extra_json = JSON.stringify(fields.extra_json);
  }
  text('extra_json', false);
  if (fields.db_id !== undefined && !Number.isSafeInteger(fields.db_id))
    problems.db_id = ['Not a valid integer.'];
  if (creating) {
    for (const name of ['db_id', 'label', 'sql']) {
      if (fields[name] === undefined) problems[name] = ['Missing data for required field.'];
    }
  }
  if (typeof fields.label === 'string' && fields.label.length > 256) {
    problems.label = ['Longer than maximum length 256.'];
  }
  if (typeof fields.extra_json === 'string' && !problems.extra_json) {
    const checked = checkedSchedule(fields.extra_json, problems);
    if (checked !== undefined) fields.extra_json = checked;
  }
  if (Object.keys(problems).length > 0) throw new UnprocessableError(problems);
  return fields as SavedQueryInput;
}

/** The schedule's field names in a 422, e.g. `extra_json.schedule_info.crontab`. */
const SCHEDULE_FIELD = `extra_json.${SCHEDULE_INFO_KEY}`;

/**
 * extra_json with its schedule_info checked (problems are added, named by field) and normalised;
 * undefined when it holds no schedule (or is not JSON, which is kept as given, as before schedules).
 */
function checkedSchedule(extraJson: string, problems: Record<string, string[]>): string | undefined {
  let extra: unknown;
  try {
    extra = JSON.parse(extraJson);
  } catch {
    return undefined;
  }
  const info = isRecord(extra) ? extra[SCHEDULE_INFO_KEY] : undefined;
  if (info === undefined || info === null) return undefined;
  const found = scheduleInfoProblems(info);
  for (const [field, messages] of Object.entries(found)) {
    problems[field === '_schema' ? SCHEDULE_FIELD : `${SCHEDULE_FIELD}.${field}`] = messages;
  }
  if (Object.keys(found).length > 0) return undefined;
  return withScheduleInfo(extraJson, toScheduleInfo(info as Record<string, unknown>));
}

function hasSchedule(extraJson: string | null | undefined): boolean {
  try {
    const extra: unknown = JSON.parse(extraJson || '{}');
    return isRecord(extra) && extra[SCHEDULE_INFO_KEY] !== undefined && extra[SCHEDULE_INFO_KEY] !== null;
  } catch {
    return false;
  }
}

/**
 * A schedule runs as a background (async) SQL Lab query on a worker, so only a database that allows
 * async runs may hold one (docs/decisions.md, "Scheduled saved queries").
 */
async function checkSchedulable(db: Db, databaseId: number, extraJson: string | null | undefined) {
  if (!hasSchedule(extraJson)) return;
  const database = await repo.findDatabaseFlags(db, databaseId);
  if (database && database.allow_run_async !== 1) {
    throw new UnprocessableError({
      [SCHEDULE_FIELD]: [
        `The database "${database.database_name}" does not allow scheduled queries: it does not run queries asynchronously.`,
      ],
    });
  }
}

async function checkDatabase(db: Db, principal: Principal, databaseId: number): Promise<void> {
  if (!(await repo.databaseExists(db, databaseId)))
    throw new UnprocessableError({ db_id: ['Database does not exist.'] });
  const accessible = await accessibleDatabaseIds(db, principal);
  if (accessible !== null && !accessible.includes(databaseId)) {
    throw new ForbiddenError("You don't have access to this database.");
  }
}

export async function listSavedQueries(db: Db, principal: Principal, query: ListQuery): Promise<ListResult> {
  return runList(db, repo.savedQueriesBase(db, principal), repo.savedQueriesList, query);
}

export async function getSavedQuery(db: Db, principal: Principal, id: number) {
  const saved = await repo.findSavedQuery(db, principal, id);
  if (!saved) throw new NotFoundError();
  return saved;
}

export async function createSavedQuery(
  db: Db,
  principal: Principal,
  input: SavedQueryInput,
): Promise<number> {
  await checkDatabase(db, principal, input.db_id!);
  await checkSchedulable(db, input.db_id!, input.extra_json);
  return repo.insertSavedQuery(db, {
    uuid: randomUUID(),
    user_id: principal.id,
    db_id: input.db_id!,
    catalog: input.catalog ?? null,
    schema: input.schema ?? null,
    label: input.label!,
    description: input.description ?? null,
    sql: input.sql!,
    template_parameters: input.template_parameters ?? null,
    extra_json: input.extra_json ?? '{}',
    rows: null,
    last_run: null,
    created_by_fk: principal.id,
    changed_by_fk: principal.id,
  });
}

export async function updateSavedQuery(
  db: Db,
  principal: Principal,
  id: number,
  input: SavedQueryInput,
): Promise<void> {
  const stored = await repo.findSavedQuery(db, principal, id);
  if (!stored) throw new NotFoundError();
  if (input.db_id !== undefined) await checkDatabase(db, principal, input.db_id);
  await checkSchedulable(db, input.db_id ?? stored.db_id, input.extra_json ?? stored.extra_json);
  await repo.updateSavedQuery(db, id, { ...input, changed_by_fk: principal.id });
}

/** Deletes the given saved queries; any the principal may not see makes the whole call a 404. */
export async function deleteSavedQueries(db: Db, principal: Principal, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  const visible = await repo.visibleIds(db, principal, unique);
  if (visible.length !== unique.length) throw new NotFoundError();
  await repo.deleteSavedQueries(db, unique);
}
