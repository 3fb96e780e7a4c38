/**
 * The connection modal's form ↔ the databases API: parameters ↔ SQLAlchemy URI, the advanced flags ↔
 * `extra`, and the request body. Pure, so the mapping is unit-tested; nothing here names an engine —
 * what an engine asks for comes from its parameter schema in `/api/v1/database/available/`.
 */
import type {
  AvailableEngine,
  DatabaseDetail,
  DatabaseWriteRequest,
  EngineParameter,
} from '../../api/databases.ts';

/** What the server puts in place of a stored password. */
export const MASKED_PASSWORD = 'XXXXXXXXXX';

/** Network parameters, in the order the form shows them. */
export const NETWORK_PARAMETERS = ['host', 'port', 'database', 'username', 'password'] as const;

export type ConnectionMode = 'parameters' | 'uri';

export interface ConnectionParameters {
  host?: string;
  port?: number | null;
  database?: string;
  username?: string;
  password?: string;
  /** Extra URL query, `key=value&key=value`. */
  query?: string;
  /** A file-based engine's database file. */
  path?: string;
  [other: string]: unknown;
}

export interface ConnectionFormValues extends ConnectionParameters {
  database_name: string;
  mode: ConnectionMode;
  sqlalchemy_uri: string;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  cache_timeout: number | null;
  disable_data_preview: boolean;
  cost_estimate_enabled: boolean;
  /** The rest of `extra`, as JSON text. */
  extra_json: string;
}

/** How the engine's connection is described in the parameters form. */
export type ParameterLayout =
  | { kind: 'network'; fields: string[]; required: string[] }
  | { kind: 'file'; field: string; required: string[] }
  | { kind: 'none' };

const FILE_FIELDS = ['path', 'file', 'filename', 'database_file'];

/** The URI scheme of an engine: the placeholder's, else the engine key. */
export function engineScheme(engine: Pick<AvailableEngine, 'engine' | 'sqlalchemy_uri_placeholder'>): string {
  const match = /^([\w+.-]+):\/\//.exec(engine.sqlalchemy_uri_placeholder ?? '');
  return match?.[1] ?? engine.engine;
}

/** A file-based engine's URI has no host: `scheme:///path`. */
function placeholderIsFile(placeholder: string | undefined): boolean {
  return /^[\w+.-]+:\/\/\//.test(placeholder ?? '');
}

export function parameterLayout(engine: AvailableEngine | undefined): ParameterLayout {
  if (!engine) return { kind: 'none' };
  const properties = engine.parameters?.properties ?? {};
  const names = Object.keys(properties);
  const required = engine.parameters?.required ?? [];
  const fileField = names.find((name) => FILE_FIELDS.includes(name));
  if (names.includes('host')) {
    const known = NETWORK_PARAMETERS.filter((name) => names.includes(name));
    const others = names.filter((name) => !(NETWORK_PARAMETERS as readonly string[]).includes(name));
    return { kind: 'network', fields: [...known, ...others], required };
  }
  if (fileField) return { kind: 'file', field: fileField, required };
  // No host: the database parameter is the file.
  if (names.includes('database')) return { kind: 'file', field: 'database', required };
  if (names.length === 0 && placeholderIsFile(engine.sqlalchemy_uri_placeholder)) {
    return { kind: 'file', field: 'path', required: ['path'] };
  }
  return { kind: 'none' };
}

export function parameterSchema(engine: AvailableEngine | undefined, name: string): EngineParameter {
  return (engine?.parameters?.properties?.[name] ?? {}) as EngineParameter;
}

function encode(part: string): string {
  return encodeURIComponent(part);
}

function decode(part: string | undefined): string | undefined {
  if (part === undefined || part === '') return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

function text(value: unknown): string {
  return value === undefined || value === null ? '' : String(value).trim();
}

/** `scheme://user:password@host:port/database?query` or, for a file, `scheme:///path`. */
export function buildSqlalchemyUri(
  scheme: string,
  layout: ParameterLayout,
  params: ConnectionParameters,
): string {
  if (layout.kind === 'file') return `${scheme}:///${text(params[layout.field])}`;
  const username = text(params.username);
  const password = params.password === undefined || params.password === null ? '' : String(params.password);
  const credentials = username ? `${encode(username)}${password ? `:${encode(password)}` : ''}@` : '';
  const port = text(params.port);
  const database = text(params.database);
  const query = text(params.query).replace(/^\?/, '');
  return `${scheme}://${credentials}${text(params.host)}${port ? `:${port}` : ''}/${database ? encode(database) : ''}${query ? `?${query}` : ''}`;
}

export interface ParsedUri {
  /** The scheme before any `+driver`. */
  engine: string;
  driver?: string;
  params: ConnectionParameters;
}

const URI_PATTERN = /^([\w.-]+)(?:\+([\w.-]+))?:\/\/(.*)$/s;

/** Reads a SQLAlchemy URI back into form parameters; undefined when it is not one. */
export function parseSqlalchemyUri(uri: string): ParsedUri | undefined {
  const match = URI_PATTERN.exec(uri.trim());
  if (!match) return undefined;
  const [, engine = '', driver, rest = ''] = match;
  if (rest.startsWith('/')) {
    return { engine, driver, params: { path: rest.slice(1) } };
  }
  const queryAt = rest.indexOf('?');
  const beforeQuery = queryAt >= 0 ? rest.slice(0, queryAt) : rest;
  const query = queryAt >= 0 ? rest.slice(queryAt + 1) : undefined;
  const slash = beforeQuery.indexOf('/');
  const authority = slash >= 0 ? beforeQuery.slice(0, slash) : beforeQuery;
  const database = slash >= 0 ? beforeQuery.slice(slash + 1) : '';
  const at = authority.lastIndexOf('@');
  const userInfo = at >= 0 ? authority.slice(0, at) : '';
  const hostPort = at >= 0 ? authority.slice(at + 1) : authority;
  const colon = userInfo.indexOf(':');
  const username = colon >= 0 ? userInfo.slice(0, colon) : userInfo;
  const password = colon >= 0 ? userInfo.slice(colon + 1) : undefined;
  const portMatch = /^(.*):(\d+)$/.exec(hostPort);
  const params: ConnectionParameters = {
    host: decode(portMatch ? portMatch[1] : hostPort),
    port: portMatch ? Number(portMatch[2]) : null,
    database: decode(database),
    username: decode(username),
    password: decode(password),
    query: query || undefined,
  };
  for (const key of Object.keys(params)) if (params[key] === undefined) delete params[key];
  return { engine, driver, params };
}

function queryObject(query: string | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text(query).replace(/^\?/, '')));
}

/** The form's parameters as the `parameters` object of a dynamic-form request. */
export function requestParameters(
  layout: ParameterLayout,
  values: ConnectionParameters,
): Record<string, unknown> {
  if (layout.kind === 'file') return { [layout.field]: text(values[layout.field]) };
  if (layout.kind !== 'network') return {};
  const parameters: Record<string, unknown> = {};
  for (const field of layout.fields) {
    const value = values[field];
    if (value === undefined || value === null || value === '') continue;
    parameters[field] = field === 'query' ? queryObject(String(value)) : value;
  }
  return parameters;
}

export type JsonCheck = { ok: true; value: Record<string, unknown> } | { ok: false };

/** The Extra field: empty or a JSON object. */
export function parseExtraJson(textValue: string): JsonCheck {
  if (!textValue.trim()) return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(textValue);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false };
    return { ok: true, value: value as Record<string, unknown> };
  } catch {
    return { ok: false };
  }
}

/** The whole `extra` string: the JSON field with the two switches that live in it. */
export function buildExtra(
  values: Pick<ConnectionFormValues, 'extra_json' | 'disable_data_preview' | 'cost_estimate_enabled'>,
): string {
  const parsed = parseExtraJson(values.extra_json);
  const rest = parsed.ok ? parsed.value : {};
  return JSON.stringify({
    ...rest,
    disable_data_preview: values.disable_data_preview,
    cost_estimate_enabled: values.cost_estimate_enabled,
  });
}

function parseExtra(extra: string | null | undefined): Record<string, unknown> {
  const parsed = parseExtraJson(extra ?? '');
  return parsed.ok ? parsed.value : {};
}

export const DEFAULT_FORM_VALUES: ConnectionFormValues = {
  database_name: '',
  mode: 'parameters',
  sqlalchemy_uri: '',
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_dml: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_file_upload: false,
  cache_timeout: null,
  disable_data_preview: false,
  cost_estimate_enabled: false,
  extra_json: '',
};

/** A new connection's form for an engine: its defaults (e.g. the port) filled in. */
export function newConnectionValues(engine: AvailableEngine): ConnectionFormValues {
  const layout = parameterLayout(engine);
  const defaults: ConnectionParameters = {};
  for (const [name, schema] of Object.entries(engine.parameters?.properties ?? {})) {
    if (schema.default !== undefined && typeof schema.default !== 'object') defaults[name] = schema.default;
  }
  return {
    ...DEFAULT_FORM_VALUES,
    ...defaults,
    database_name: engine.name,
    mode: layout.kind === 'none' ? 'uri' : 'parameters',
  };
}

/** An existing connection's form: parameters from the server's, else read from its (masked) URI. */
export function existingConnectionValues(
  database: DatabaseDetail,
  engine: AvailableEngine | undefined,
): ConnectionFormValues {
  const { disable_data_preview, cost_estimate_enabled, ...restExtra } = parseExtra(database.extra);
  const uri = database.sqlalchemy_uri ?? '';
  const layout = parameterLayout(engine);
  const parsed = parseSqlalchemyUri(uri);
  const fromServer = (database.parameters ?? {}) as ConnectionParameters;
  let params: ConnectionParameters = {};
  if (Object.keys(fromServer).length > 0) {
    params = { ...fromServer };
    if (params.query && typeof params.query === 'object') {
      params.query = new URLSearchParams(params.query as Record<string, string>).toString();
    }
  } else if (parsed) {
    params = parsed.params;
    if (layout.kind === 'file' && params.path !== undefined && layout.field !== 'path') {
      params = { [layout.field]: params.path };
    }
  }
  const canUseParameters =
    layout.kind !== 'none' && (Object.keys(fromServer).length > 0 || parsed !== undefined);
  return {
    ...DEFAULT_FORM_VALUES,
    ...params,
    database_name: database.database_name,
    mode: canUseParameters && database.configuration_method !== 'sqlalchemy_form' ? 'parameters' : 'uri',
    sqlalchemy_uri: uri,
    expose_in_sqllab: database.expose_in_sqllab ?? true,
    allow_run_async: database.allow_run_async ?? false,
    allow_dml: database.allow_dml ?? false,
    allow_ctas: database.allow_ctas ?? false,
    allow_cvas: database.allow_cvas ?? false,
    allow_file_upload: database.allow_file_upload ?? false,
    cache_timeout: database.cache_timeout ?? null,
    disable_data_preview: disable_data_preview === true,
    cost_estimate_enabled: cost_estimate_enabled === true,
    extra_json: Object.keys(restExtra).length > 0 ? JSON.stringify(restExtra, null, 2) : '',
  };
}

/** The body of POST/PUT `/api/v1/database/` (and, without the name, of `test_connection`). */
export function connectionRequest(
  engine: AvailableEngine | undefined,
  values: ConnectionFormValues,
): DatabaseWriteRequest {
  const layout = parameterLayout(engine);
  const common = {
    database_name: values.database_name.trim(),
    expose_in_sqllab: values.expose_in_sqllab,
    allow_run_async: values.allow_run_async,
    allow_dml: values.allow_dml,
    allow_ctas: values.allow_ctas,
    allow_cvas: values.allow_cvas,
    allow_file_upload: values.allow_file_upload,
    cache_timeout: values.cache_timeout ?? null,
    extra: buildExtra(values),
  };
  if (values.mode === 'uri' || !engine || layout.kind === 'none') {
    return {
      ...common,
      ...(engine ? { engine: engine.engine } : {}),
      configuration_method: 'sqlalchemy_form',
      sqlalchemy_uri: values.sqlalchemy_uri.trim(),
    };
  }
  return {
    ...common,
    engine: engine.engine,
    configuration_method: 'dynamic_form',
    parameters: requestParameters(layout, values),
  };
}

/** Switching the form from parameters to a URI (or back) carries what was typed over. */
export function switchMode(
  engine: AvailableEngine | undefined,
  values: ConnectionFormValues,
  mode: ConnectionMode,
): Partial<ConnectionFormValues> {
  const layout = parameterLayout(engine);
  if (mode === 'uri') {
    if (!engine || layout.kind === 'none') return { mode };
    return { mode, sqlalchemy_uri: buildSqlalchemyUri(engineScheme(engine), layout, values) };
  }
  const parsed = parseSqlalchemyUri(values.sqlalchemy_uri);
  if (!parsed) return { mode };
  if (layout.kind === 'file')
    return { mode, [layout.field]: parsed.params.path ?? parsed.params.database ?? '' };
  return { mode, ...parsed.params };
}
