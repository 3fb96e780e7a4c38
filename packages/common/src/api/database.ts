/**
 * The contract of the databases API (`/api/v1/database/`), as Superset's: a password never appears in
 * any answer; where one was stored, URIs and parameters carry DATABASE_PASSWORD_MASK. Every schema
 * is declared property by property: the serialiser drops anything else, so a password can't leak.
 */
import { type Static, Type } from 'typebox';
import type { GenericDataType } from './constants/genericDataType.ts';
import { listResponse } from './list.ts';
import { Nullable, UserRef } from './shared.ts';

const NullableString = Nullable(Type.String());
/** An open object: keys, constraints, engine parameters, as the engine describes them. */
const KeyObject = Type.Record(Type.String(), Type.Unknown());

export type ConfigurationMethod = 'sqlalchemy_form' | 'dynamic_form';

/** What the engine can do, as `engine_information` in lists and `/available/`. */
export const EngineInformation = Type.Object({
  supports_file_upload: Type.Boolean(),
  disable_ssh_tunneling: Type.Boolean(),
  supports_dynamic_catalog: Type.Boolean(),
  supports_oauth2: Type.Boolean(),
});
export type EngineInformation = Static<typeof EngineInformation>;

/** Per-field connection parameters (dynamic form); `password` is masked in responses. */
export const DatabaseParameters = Type.Object(
  {
    host: Type.Optional(Type.String()),
    port: Type.Optional(Nullable(Type.Integer())),
    username: Type.Optional(NullableString),
    password: Type.Optional(NullableString),
    database: Type.Optional(Type.String()),
    query: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: true },
);
export type DatabaseParameters = Static<typeof DatabaseParameters> & { [key: string]: unknown };

const derivedFlags = {
  allows_cost_estimate: Type.Boolean(),
  allows_subquery: Type.Boolean(),
  allows_virtual_table_explore: Type.Boolean(),
  disable_data_preview: Type.Boolean(),
  disable_drill_to_detail: Type.Boolean(),
  allow_multi_catalog: Type.Boolean(),
};
const flags = {
  expose_in_sqllab: Type.Boolean(),
  allow_run_async: Type.Boolean(),
  allow_dml: Type.Boolean(),
  allow_ctas: Type.Boolean(),
  allow_cvas: Type.Boolean(),
  allow_file_upload: Type.Boolean(),
};

/** A row of `GET /api/v1/database/` (every field optional when `columns` asks for a subset). */
export const DatabaseListItem = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  database_name: Type.String(),
  backend: Type.String(),
  ...flags,
  ...derivedFlags,
  explore_database_id: Type.Integer(),
  force_ctas_schema: NullableString,
  /** A JSON string. */
  extra: Type.String(),
  engine_information: EngineInformation,
  changed_on: Type.String(),
  changed_on_delta_humanized: Type.String(),
  // null for databases nobody created through the API (the examples).
  created_by: Nullable(UserRef),
  changed_by: Nullable(UserRef),
});
export type DatabaseListItem = Static<typeof DatabaseListItem>;

/** Any subset of the columns; a user named in part, but engine_information always whole. */
export const DatabaseListResponse = listResponse(
  Type.Partial(
    Type.Object({
      ...DatabaseListItem.properties,
      created_by: Nullable(Type.Partial(UserRef)),
      changed_by: Nullable(Type.Partial(UserRef)),
    }),
  ),
);

/** `GET /api/v1/database/{id}` → `{ id, result: Database }`. */
export const Database = Type.Object({
  id: Type.Integer(),
  uuid: Type.String(),
  database_name: Type.String(),
  /** The URI with the password replaced by DATABASE_PASSWORD_MASK. */
  sqlalchemy_uri: Type.String(),
  parameters: DatabaseParameters,
  configuration_method: Type.Unsafe<ConfigurationMethod>(Type.String()),
  engine: Type.String(),
  backend: Type.String(),
  driver: Type.String(),
  engine_information: EngineInformation,
  ...flags,
  ...derivedFlags,
  impersonate_user: Type.Boolean(),
  force_ctas_schema: NullableString,
  cache_timeout: Nullable(Type.Integer()),
  /** A JSON string; keys in DatabaseExtra. */
  extra: Type.String(),
  is_managed_externally: Type.Boolean(),
  external_url: NullableString,
  created_on: Type.String(),
  changed_on: Type.String(),
  created_by: Nullable(UserRef),
  changed_by: Nullable(UserRef),
});
export type Database = Static<typeof Database>;

export const DatabaseItemResponse = Type.Object({ id: Type.Integer(), result: Database });

/** `GET /api/v1/database/{id}/connection`: the database with its (masked) connection secrets. */
export const DatabaseConnectionResponse = Type.Object({
  id: Type.Integer(),
  result: Type.Object({
    ...Database.properties,
    masked_encrypted_extra: NullableString,
    server_cert: NullableString,
    ssh_tunnel: Nullable(Type.Object({})),
  }),
});

/** Body of POST / PUT `/api/v1/database/` (PUT: every field optional) and of `test_connection/`. */
export const DatabaseWriteRequest = Type.Partial(
  Type.Object(
    {
      database_name: Type.String({ maxLength: 250 }),
      sqlalchemy_uri: Type.String({ maxLength: 1024 }),
      engine: Type.String(),
      driver: NullableString,
      configuration_method: Type.Union([Type.Literal('sqlalchemy_form'), Type.Literal('dynamic_form')]),
      parameters: DatabaseParameters,
      ...flags,
      impersonate_user: Type.Boolean(),
      force_ctas_schema: Nullable(Type.String({ maxLength: 250 })),
      cache_timeout: Nullable(Type.Integer()),
      extra: Type.String({ description: 'A JSON object as a string' }),
      uuid: Type.String({ format: 'uuid' }),
      is_managed_externally: Nullable(Type.Boolean()),
      external_url: NullableString,
      masked_encrypted_extra: NullableString,
      server_cert: NullableString,
    },
    // Superset's UI sends more (ssh_tunnel, catalog…); they are accepted and ignored.
    { additionalProperties: true },
  ),
);
export type DatabaseWriteRequest = Static<typeof DatabaseWriteRequest>;

/**
 * The keys of `extra` Vitrina reads. No route answers it as an object: `extra` travels as JSON text
 * (Database.extra, DatabaseWriteRequest.extra); the server parses it into this shape.
 */
export const DatabaseExtra = Type.Object({
  metadata_params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  engine_params: Type.Optional(
    Type.Object(
      {
        connect_args: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        pool_size: Type.Optional(Type.Number()),
        /** Connections beyond pool_size when all are busy (SQLAlchemy's default, 10). */
        max_overflow: Type.Optional(Type.Number()),
        /** Per-query time limit in seconds (default 300). */
        query_timeout: Type.Optional(Type.Number()),
      },
      // SQLAlchemy's create_engine arguments, passed on as given.
      { additionalProperties: true },
    ),
  ),
  metadata_cache_timeout: Type.Optional(
    Type.Object({
      schema_cache_timeout: Type.Optional(Type.Number()),
      table_cache_timeout: Type.Optional(Type.Number()),
      catalog_cache_timeout: Type.Optional(Type.Number()),
    }),
  ),
  schemas_allowed_for_file_upload: Type.Optional(Type.Array(Type.String())),
  allows_virtual_table_explore: Type.Optional(Type.Boolean()),
  disable_data_preview: Type.Optional(Type.Boolean()),
  disable_drill_to_detail: Type.Optional(Type.Boolean()),
  allow_multi_catalog: Type.Optional(Type.Boolean()),
  cost_estimate_enabled: Type.Optional(Type.Boolean()),
  cancel_query_on_windows_unload: Type.Optional(Type.Boolean()),
  version: Type.Optional(Type.String()),
});
export type DatabaseExtra = Static<typeof DatabaseExtra>;

/** An engine of `GET /api/v1/database/available/` → `{ databases: AvailableEngine[] }`. */
export const AvailableEngine = Type.Object({
  name: Type.String(),
  engine: Type.String(),
  default_driver: Type.String(),
  available_drivers: Type.Array(Type.String()),
  sqlalchemy_uri_placeholder: Type.String(),
  preferred: Type.Boolean(),
  /** A JSON schema of the per-field parameters (typed for the client, serialised as an open object). */
  parameters: Type.Unsafe<{
    type: 'object';
    properties: Record<string, Record<string, unknown>>;
    required: string[];
  }>(KeyObject),
  engine_information: EngineInformation,
});
export type AvailableEngine = Static<typeof AvailableEngine>;

export const AvailableEnginesResponse = Type.Object({ databases: Type.Array(AvailableEngine) });

/** `GET /api/v1/database/{id}/catalogs/` and `…/schemas/`: names. */
export const NamesResponse = Type.Object({ result: Type.Array(Type.String()) });
export type CatalogsResponse = Static<typeof NamesResponse>;
export type SchemasResponse = Static<typeof NamesResponse>;

/** `GET /api/v1/database/{id}/function_names/`: no `result` wrapper, as in Superset. */
export const FunctionNamesResponse = Type.Object({ function_names: Type.Array(Type.String()) });
export type FunctionNamesResponse = Static<typeof FunctionNamesResponse>;

export const TableListEntry = Type.Object({
  value: Type.String(),
  /** 'table' or 'view'. */
  type: Type.Unsafe<'table' | 'view'>(Type.String()),
  extra: Nullable(KeyObject),
});
export type TableListEntry = Static<typeof TableListEntry>;

/** `GET /api/v1/database/{id}/tables/?q=(schema_name:…,catalog_name:…)`. */
export const TablesResponse = Type.Object({ count: Type.Integer(), result: Type.Array(TableListEntry) });
export type TablesResponse = Static<typeof TablesResponse>;

export const TableMetadataColumn = Type.Object({
  name: Type.String(),
  type: Type.String(),
  longType: Type.String(),
  keys: Type.Array(KeyObject),
  comment: NullableString,
  /** Superset's GenericDataType: 0 numeric, 1 string, 2 temporal, 3 boolean. */
  type_generic: Nullable(Type.Unsafe<GenericDataType>(Type.Integer())),
});
export type TableMetadataColumn = Static<typeof TableMetadataColumn>;

// Keys and indexes are typed for the client; they are serialised as open objects, as the engine describes them.
type PrimaryKey = { name: string | null; column_names: string[]; type: 'pk' };
type ForeignKey = {
  name: string | null;
  column_names: string[];
  referred_schema: string | null;
  referred_table: string;
  referred_columns: string[];
  type: 'fk';
  options: Record<string, unknown>;
};
type Index = { name: string; column_names: string[]; unique: boolean; type: 'index' };

/** `GET /api/v1/database/{id}/table_metadata/?name=&schema=&catalog=`. */
export const TableMetadataResponse = Type.Object({
  name: Type.String(),
  columns: Type.Array(TableMetadataColumn),
  selectStar: Type.String(),
  primaryKey: Nullable(Type.Unsafe<PrimaryKey>(KeyObject)),
  foreignKeys: Type.Array(Type.Unsafe<ForeignKey>(KeyObject)),
  indexes: Type.Array(Type.Unsafe<Index>(KeyObject)),
  comment: NullableString,
});
export type TableMetadataResponse = Static<typeof TableMetadataResponse>;

/** `GET /api/v1/database/{id}/table_metadata/extra/`: engine-specific details. */
export const TableExtraMetadataResponse = KeyObject;

export const TableQuerystring = Type.Object({
  name: Type.String({ minLength: 1 }),
  schema: Type.Optional(Type.String()),
  catalog: Type.Optional(Type.String()),
});

/** `GET /api/v1/database/{id}/select_star/{table}/[{schema}/]`. */
export const SelectStarResponse = Type.Object({ result: Type.String() });
export type SelectStarResponse = Static<typeof SelectStarResponse>;
export const SelectStarParams = Type.Object({ id: Type.Integer(), table: Type.String() });
export const SelectStarInSchemaParams = Type.Object({
  id: Type.Integer(),
  table: Type.String(),
  schema: Type.String(),
});

/** The browse routes' `?q=` rison argument (schema_name, catalog_name, force…). */
export const DatabaseBrowseQuerystring = Type.Object({ q: Type.Optional(Type.String()) });
