import type {
  ConfigurationMethod,
  Database,
  DatabaseParameters,
  DatabaseWriteRequest,
  ListQuery,
} from '@vitrina/common';
import { associatedReportsMessage } from '@vitrina/common';
import { type EngineName, isEngineName, UnknownEngineError } from '@vitrina/common/sql/engines';
import { InvalidUriError, PASSWORD_MASK } from '@vitrina/common/sql/uri';
import { sql, type Updateable } from 'kysely';
import { connectionRefusal } from '../../connections/connectionRights.ts';
import {
  type ConnectionSource,
  databaseConnections,
  filePolicyOf,
  openConnection,
  rowPassword,
} from '../../connections/connections.ts';
import { defaultDriver, engineInformation, listFlags } from '../../connections/describe.ts';
import { connectOptionProblems } from '../../connections/engineOptions.ts';
import { parseExtra, validateExtra } from '../../connections/extra.ts';
import {
  describeDatabase,
  displayUri,
  parametersOf,
  prepareUri,
  uriFromParameters,
} from '../../connections/uris.ts';
import { databaseError } from '../../drivers/errorMapping.ts';
import { DatabaseError } from '../../drivers/errors.ts';
import {
  BadRequestError,
  databaseErrorToHttp,
  NotFoundError,
  UnprocessableError,
} from '../../http/errors.ts';
import { type ListResult, runList } from '../../http/listEndpoint.ts';
import type { AppContext } from '../../http/types.ts';
import { nowIso } from '../../platform/metastore/index.ts';
import type { DatabaseRow, DatabasesTable } from '../../platform/metastore/schema.ts';
import { uniqueViolationColumns } from '../../platform/metastore/uniqueViolation.ts';
import {
  accessibleDatabaseIds,
  createDatabasePermissions,
  databaseIdCondition,
  ensureSchemaPermissions,
  removeDatabasePermissions,
  renameDatabasePermissions,
} from '../../security/dataAccess.ts';
import type { Principal } from '../../security/principal.ts';
import { encryptSecret } from '../../security/secretBox.ts';
import { maskQuerySecrets } from '../../security/uriSecrets.ts';
import * as repo from './repo.ts';

type FieldErrors = Record<string, string[]>;

const DUPLICATE_NAME = 'A database with the same name already exists.';
const REQUIRED = 'Missing data for required field.';

// ---- reading ------------------------------------------------------------------------------------

export async function listDatabases(
  ctx: AppContext,
  principal: Principal,
  query: ListQuery,
): Promise<ListResult> {
  const db = ctx.metastore.db;
  const visible = await accessibleDatabaseIds(db, principal);
  return runList(
    db,
    repo.databasesListBase(db, databaseIdCondition(sql.ref('d.id'), visible)),
    repo.databasesList,
    query,
  );
}

/** The row, or 404 when it is missing or the caller can see nothing inside it. */
export async function visibleDatabase(
  ctx: AppContext,
  principal: Principal,
  id: number,
): Promise<DatabaseRow> {
  const row = await repo.findDatabase(ctx.metastore.db, id);
  if (!row) throw new NotFoundError();
  const visible = await accessibleDatabaseIds(ctx.metastore.db, principal);
  if (visible !== null && !visible.includes(id)) throw new NotFoundError();
  return row;
}

export async function getDatabase(ctx: AppContext, principal: Principal, id: number): Promise<Database> {
  return presentDatabase(ctx, await visibleDatabase(ctx, principal, id));
}

/** The show body: the URI and parameters with the password masked, never the password itself. */
export async function presentDatabase(ctx: AppContext, row: DatabaseRow): Promise<Database> {
  const users = await repo.userRefs(ctx.metastore.db, [row.created_by_fk, row.changed_by_fk]);
  const extra = parseExtra(row.extra);
  let engine = '';
  let driver = '';
  let parameters: DatabaseParameters = {};
  let uri = row.sqlalchemy_uri;
  try {
    const parsed = describeDatabase(row).uri;
    engine = parsed.engine;
    driver = parsed.driver ?? defaultDriver(engine);
    parameters = parametersOf(parsed, row.encrypted_password !== null || Boolean(parsed.password));
    uri = displayUri(row.sqlalchemy_uri);
  } catch {
    // A row no dialect can read (an engine removed since): shown, but without parameters.
    uri = maskAnyPassword(row.sqlalchemy_uri);
  }
  return {
    id: row.id,
    uuid: row.uuid,
    database_name: row.database_name,
    sqlalchemy_uri: uri,
    parameters,
    configuration_method: row.configuration_method === 'dynamic_form' ? 'dynamic_form' : 'sqlalchemy_form',
    engine,
    backend: engine || repo.backendOf(row.sqlalchemy_uri),
    driver,
    engine_information: engineInformation(engine),
    expose_in_sqllab: Boolean(row.expose_in_sqllab),
    allow_run_async: Boolean(row.allow_run_async),
    allow_dml: Boolean(row.allow_dml),
    allow_ctas: Boolean(row.allow_ctas),
    allow_cvas: Boolean(row.allow_cvas),
    allow_file_upload: Boolean(row.allow_file_upload),
    ...listFlags(engine, extra),
    impersonate_user: Boolean(row.impersonate_user),
    force_ctas_schema: row.force_ctas_schema,
    cache_timeout: row.cache_timeout,
    extra: row.extra,
    is_managed_externally: Boolean(row.is_managed_externally),
    external_url: row.external_url,
    created_on: row.created_on,
    changed_on: row.changed_on,
    created_by: row.created_by_fk === null ? null : (users.get(row.created_by_fk) ?? null),
    changed_by: row.changed_by_fk === null ? null : (users.get(row.changed_by_fk) ?? null),
  };
}

function maskAnyPassword(uri: string): string {
  return maskQuerySecrets(uri.replace(/^([^:]+:\/\/[^:/@]*:)([^@]*)@/, `$1${PASSWORD_MASK}@`));
}

// ---- the connection a write describes -----------------------------------------------------------

interface ResolvedInput {
  storedUri: string;
  password: string | null;
  engine: EngineName;
  configurationMethod: ConfigurationMethod;
}

/**
 * The URI (masked for storage) and real password a body describes: `sqlalchemy_uri`, or `engine` +
 * `parameters` (dynamic form). A masked password keeps `storedPassword`. Field errors go to `errors`.
 */
function resolveInput(
  body: DatabaseWriteRequest,
  storedPassword: string | null,
  errors: FieldErrors,
  required: boolean,
  storedUri: string | null = null,
): ResolvedInput | null {
  const dynamic = body.configuration_method === 'dynamic_form' || (!body.sqlalchemy_uri && body.parameters);
  if (dynamic && body.parameters !== undefined) {
    if (!body.engine) {
      errors.engine = [REQUIRED];
      return null;
    }
    if (!isEngineName(body.engine)) {
      errors.engine = [new UnknownEngineError(body.engine).message];
      return null;
    }
    let built: ReturnType<typeof uriFromParameters>;
    try {
      built = uriFromParameters(body.engine, body.parameters, storedPassword, storedQueryOf(storedUri));
    } catch (error) {
      if (error instanceof InvalidUriError) {
        errors.parameters = [error.message];
        return null;
      }
      throw error;
    }
    if ('missing' in built) {
      throw databaseErrorToHttp(
        databaseError(
          body.engine,
          'CONNECTION_MISSING_PARAMETERS_ERROR',
          `One or more parameters are missing: ${built.missing.join(', ')}`,
          { missing: built.missing, invalid: built.missing },
        ),
      );
    }
    const prepared = prepareUri(built.uri, storedPassword);
    return { ...toResolved(prepared), configurationMethod: 'dynamic_form' };
  }
  if (body.sqlalchemy_uri === undefined || body.sqlalchemy_uri.trim() === '') {
    if (required || body.sqlalchemy_uri !== undefined) errors.sqlalchemy_uri = [REQUIRED];
    return null;
  }
  try {
    const prepared = prepareUri(body.sqlalchemy_uri, storedPassword, storedUri);
    if (body.engine && body.engine !== prepared.parsed.engine && isEngineName(body.engine)) {
      errors.engine = [`The URI is for ${prepared.parsed.engine}, not ${body.engine}`];
      return null;
    }
    return { ...toResolved(prepared), configurationMethod: body.configuration_method ?? 'sqlalchemy_form' };
  } catch (error) {
    if (error instanceof InvalidUriError || error instanceof UnknownEngineError) {
      errors.sqlalchemy_uri = [error.message];
      return null;
    }
    throw error;
  }
}

/** The stored URI's query, whose secrets a masked value sent back keeps. */
function storedQueryOf(storedUri: string | null): Record<string, string> {
  if (storedUri === null) return {};
  try {
    return describeDatabase({ sqlalchemy_uri: storedUri }).uri.query;
  } catch {
    return {};
  }
}

function toResolved(prepared: ReturnType<typeof prepareUri>) {
  return { storedUri: prepared.storedUri, password: prepared.password, engine: prepared.parsed.engine };
}

function checkedExtra(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim() === '' ? '{}' : text;
  const { errors } = validateExtra(trimmed);
  if (errors.length > 0) throw new BadRequestError({ extra: errors });
  return trimmed;
}

/**
 * What a connection may be, checked before anything connects: only administrators connect engines
 * that open files on the server, and the URI and connect_args carry only options the driver declares.
 */
function checkConnection(principal: Principal, storedUri: string, extra: string, errors: FieldErrors): void {
  const parsed = describeDatabase({ sqlalchemy_uri: storedUri }).uri;
  const refusal = connectionRefusal(principal, parsed);
  const problems = connectOptionProblems(parsed.engine, parsed.query, parseExtra(extra));
  const uriErrors = [...(refusal ? [refusal] : []), ...problems.sqlalchemy_uri];
  if (uriErrors.length > 0) errors.sqlalchemy_uri = uriErrors;
  if (problems.extra.length > 0) errors.extra = problems.extra;
}

/** A stored database only administrators may change (a file-based one), or null. */
function rowRefusal(principal: Principal, row: DatabaseRow): string | null {
  try {
    return connectionRefusal(principal, describeDatabase(row).uri);
  } catch {
    // A URI no dialect reads any more: its engine is gone, so it connects to nothing.
    return null;
  }
}

function throwIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new UnprocessableError(errors);
}

/** Hides the password wherever a driver's error might have repeated it. */
function scrubbed(error: DatabaseError, password: string | null): DatabaseError {
  if (!password) return error;
  const hide = (text: string) => text.split(password).join(PASSWORD_MASK);
  const extra = JSON.parse(hide(JSON.stringify(error.extra))) as Record<string, unknown>;
  return new DatabaseError(error.errorType, hide(error.message), error.engine, extra);
}

/**
 * Connects with the source and runs a trivial query; lists its schemas too when asked (for the
 * schema_access pairs; a failure to list them is not an error). Database failures become 422 SIP-40.
 */
async function probe(
  ctx: AppContext,
  source: ConnectionSource,
  engine: EngineName,
  options: { schemas: boolean },
): Promise<string[]> {
  let connection: ReturnType<typeof openConnection> | undefined;
  try {
    connection = openConnection(source, filePolicyOf(ctx));
    await connection.testConnection();
    if (!options.schemas) return [];
    return await connection.listSchemas(null).catch(() => []);
  } catch (error) {
    if (error instanceof DatabaseError) throw databaseErrorToHttp(scrubbed(error, source.password), 422);
    if (error instanceof InvalidUriError || error instanceof UnknownEngineError) {
      throw new UnprocessableError({ sqlalchemy_uri: [error.message] });
    }
    const message = error instanceof Error ? error.message : String(error);
    throw databaseErrorToHttp(
      scrubbed(
        databaseError(engine, 'GENERIC_DB_ENGINE_ERROR', `Connection failed: ${message}`),
        source.password,
      ),
    );
  } finally {
    await connection?.close().catch(() => undefined);
  }
}

// ---- writing ------------------------------------------------------------------------------------

const FLAG_FIELDS = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
  'impersonate_user',
  'is_managed_externally',
] as const;

function flagChanges(body: DatabaseWriteRequest): Partial<Record<(typeof FLAG_FIELDS)[number], number>> {
  const changes: Partial<Record<(typeof FLAG_FIELDS)[number], number>> = {};
  for (const field of FLAG_FIELDS) {
    const value = body[field];
    if (value !== undefined) changes[field] = value ? 1 : 0;
  }
  return changes;
}

export async function testConnection(
  ctx: AppContext,
  principal: Principal,
  body: DatabaseWriteRequest,
): Promise<void> {
  const errors: FieldErrors = {};
  const extra = checkedExtra(body.extra);
  // Testing an existing database from its edit form: the URI still carries the mask.
  const existing = body.database_name
    ? await repo.findDatabaseByName(ctx.metastore.db, body.database_name)
    : undefined;
  const storedPassword = existing ? rowPassword(ctx.secretKey, existing) : null;
  const input = resolveInput(body, storedPassword, errors, true, existing?.sqlalchemy_uri ?? null);
  throwIfAny(errors);
  const effectiveExtra = extra ?? existing?.extra ?? '{}';
  checkConnection(principal, input!.storedUri, effectiveExtra, errors);
  throwIfAny(errors);
  await probe(
    ctx,
    { sqlalchemy_uri: input!.storedUri, password: input!.password, extra: effectiveExtra },
    input!.engine,
    { schemas: false },
  );
}

export async function createDatabase(
  ctx: AppContext,
  principal: Principal,
  body: DatabaseWriteRequest,
): Promise<Database> {
  const db = ctx.metastore.db;
  const extra = checkedExtra(body.extra) ?? '{}';
  const errors: FieldErrors = {};
  const name = body.database_name?.trim();
  if (!name) errors.database_name = [REQUIRED];
  const input = resolveInput(body, null, errors, true);
  if (input) checkConnection(principal, input.storedUri, extra, errors);
  if (name && (await repo.nameTaken(db, name))) errors.database_name = [DUPLICATE_NAME];
  throwIfAny(errors);
  const schemas = await probe(
    ctx,
    { sqlalchemy_uri: input!.storedUri, password: input!.password, extra },
    input!.engine,
    { schemas: true },
  );
  const now = nowIso();
  const id = await mappingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      const newId = await repo.insertDatabase(trx, {
        uuid: body.uuid ?? crypto.randomUUID(),
        database_name: name!,
        sqlalchemy_uri: input!.storedUri,
        encrypted_password: input!.password === null ? null : encryptSecret(ctx.secretKey, input!.password),
        expose_in_sqllab: body.expose_in_sqllab === false ? 0 : 1,
        allow_run_async: body.allow_run_async ? 1 : 0,
        allow_dml: body.allow_dml ? 1 : 0,
        allow_ctas: body.allow_ctas ? 1 : 0,
        allow_cvas: body.allow_cvas ? 1 : 0,
        allow_file_upload: body.allow_file_upload ? 1 : 0,
        impersonate_user: body.impersonate_user ? 1 : 0,
        is_managed_externally: body.is_managed_externally ? 1 : 0,
        external_url: body.external_url ?? null,
        force_ctas_schema: body.force_ctas_schema ?? null,
        cache_timeout: body.cache_timeout ?? null,
        extra,
        configuration_method: input!.configurationMethod,
        created_on: now,
        changed_on: now,
        created_by_fk: principal.id,
        changed_by_fk: principal.id,
      });
      await createDatabasePermissions(
        trx,
        { id: newId, database_name: name! },
        schemas.map((schema) => ({ catalog: null, schema })),
      );
      return newId;
    }),
  );
  return presentDatabase(ctx, (await repo.findDatabase(db, id))!);
}

export async function updateDatabase(
  ctx: AppContext,
  principal: Principal,
  id: number,
  body: DatabaseWriteRequest,
): Promise<Database> {
  const db = ctx.metastore.db;
  const row = await repo.findDatabase(db, id);
  if (!row) throw new NotFoundError();
  const extra = checkedExtra(body.extra);
  const errors: FieldErrors = {};
  const name = body.database_name?.trim();
  if (name !== undefined && name === '') errors.database_name = [REQUIRED];
  const storedPassword = rowPassword(ctx.secretKey, row);
  const connectionGiven = body.sqlalchemy_uri !== undefined || body.parameters !== undefined;
  const input = connectionGiven
    ? resolveInput(body, storedPassword, errors, false, row.sqlalchemy_uri)
    : null;
  if (name && name !== row.database_name && (await repo.nameTaken(db, name, id))) {
    errors.database_name = [DUPLICATE_NAME];
  }
  throwIfAny(errors);
  const refusedRow = rowRefusal(principal, row);
  if (refusedRow) throw new UnprocessableError({ sqlalchemy_uri: [refusedRow] });

  const uri = input?.storedUri ?? row.sqlalchemy_uri;
  if (input || extra !== undefined) checkConnection(principal, uri, extra ?? row.extra, errors);
  throwIfAny(errors);
  const password = input ? input.password : storedPassword;
  const engineParamsChanged =
    extra !== undefined &&
    JSON.stringify(parseExtra(extra).engine_params ?? {}) !==
      JSON.stringify(parseExtra(row.extra).engine_params ?? {});
  const connectionChanged = uri !== row.sqlalchemy_uri || password !== storedPassword || engineParamsChanged;
  let schemas: string[] = [];
  if (connectionChanged) {
    const engine = input?.engine ?? describeDatabase(row).engine;
    schemas = await probe(ctx, { sqlalchemy_uri: uri, password, extra: extra ?? row.extra }, engine, {
      schemas: true,
    });
  }

  const changes: Updateable<DatabasesTable> = {
    ...(name !== undefined && { database_name: name }),
    ...(input && {
      sqlalchemy_uri: input.storedUri,
      encrypted_password:
        input.password === null
          ? null
          : input.password === storedPassword && row.encrypted_password
            ? row.encrypted_password
            : encryptSecret(ctx.secretKey, input.password),
      configuration_method: input.configurationMethod,
    }),
    ...(body.configuration_method !== undefined &&
      !input && { configuration_method: body.configuration_method }),
    ...flagChanges(body),
    ...(body.force_ctas_schema !== undefined && { force_ctas_schema: body.force_ctas_schema }),
    ...(body.cache_timeout !== undefined && { cache_timeout: body.cache_timeout }),
    ...(body.external_url !== undefined && { external_url: body.external_url }),
    ...(extra !== undefined && { extra }),
    changed_on: nowIso(),
    changed_by_fk: principal.id,
  };
  const newName = name ?? row.database_name;
  await mappingDuplicates(() =>
    db.transaction().execute(async (trx) => {
      await repo.updateDatabase(trx, id, changes);
      await renameDatabasePermissions(trx, { id, database_name: newName }, row.database_name);
      await ensureSchemaPermissions(
        trx,
        newName,
        schemas.map((schema) => ({ catalog: null, schema })),
      );
    }),
  );
  await databaseConnections(ctx).evict(id);
  return presentDatabase(ctx, (await repo.findDatabase(db, id))!);
}

export async function deleteDatabase(ctx: AppContext, id: number): Promise<void> {
  const db = ctx.metastore.db;
  const row = await repo.findDatabase(db, id);
  if (!row) throw new NotFoundError();
  const datasets = await repo.datasetNamesUsing(db, id);
  if (datasets.length > 0) {
    throw new UnprocessableError(
      `Cannot delete a database that has datasets attached: ${datasets.join(', ')}`,
    );
  }
  const reports = await repo.reportNamesUsingDatabases(db, [id]);
  if (reports.length > 0) throw new UnprocessableError(associatedReportsMessage(reports));
  try {
    await db.transaction().execute(async (trx) => {
      await removeDatabasePermissions(trx, row);
      await repo.deleteDatabase(trx, id);
    });
  } catch (error) {
    // A dataset created between the check and the delete holds the foreign key.
    const again = await repo.datasetNamesUsing(db, id);
    if (again.length > 0) {
      throw new UnprocessableError(
        `Cannot delete a database that has datasets attached: ${again.join(', ')}`,
      );
    }
    throw error;
  }
  await databaseConnections(ctx).evict(id);
}

async function mappingDuplicates<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const columns = uniqueViolationColumns(error);
    if (columns?.includes('database_name')) throw new UnprocessableError({ database_name: [DUPLICATE_NAME] });
    throw error;
  }
}
