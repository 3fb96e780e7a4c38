import type { AvailableEngine, DatabaseExtra, EngineInformation } from '@vitrina/common';
import { dialects } from '@vitrina/common/sql/dialects/index';
import { ENGINES, isEngineName } from '@vitrina/common/sql/engines';
import { drivers } from '../drivers/index.ts';

/**
 * What the databases API says about engines, derived from the dialects' capability flags and the
 * drivers' declared abilities only (no engine names here): engine_information, the derived list flags, and `/available/`.
 */

export function engineInformation(engine: string): EngineInformation {
  const catalogs = isEngineName(engine) ? dialects[engine].capabilities.catalogs : false;
  return {
    supports_file_upload: isEngineName(engine) && drivers[engine].uploads !== null,
    // Vitrina connects directly; SSH tunnels are not offered.
    disable_ssh_tunneling: true,
    supports_dynamic_catalog: catalogs,
    supports_oauth2: false,
  };
}

export interface DerivedFlags {
  allows_cost_estimate: boolean;
  allows_subquery: boolean;
  allows_virtual_table_explore: boolean;
  disable_data_preview: boolean;
  disable_drill_to_detail: boolean;
  allow_multi_catalog: boolean;
}

/** Superset's derived flags: cost estimate only where the engine can estimate and extra enables it. */
export function listFlags(engine: string, extra: DatabaseExtra): DerivedFlags {
  const capabilities = isEngineName(engine) ? dialects[engine].capabilities : null;
  return {
    allows_cost_estimate: Boolean(capabilities?.costEstimate && extra.cost_estimate_enabled === true),
    allows_subquery: true,
    allows_virtual_table_explore: extra.allows_virtual_table_explore !== false,
    disable_data_preview: extra.disable_data_preview === true,
    disable_drill_to_detail: extra.disable_drill_to_detail === true,
    allow_multi_catalog: extra.allow_multi_catalog === true,
  };
}

/** The driver Vitrina names for an engine when the URI gives none (`postgresql+<driver>://`). */
export function defaultDriver(engine: string): string {
  return engine;
}

const SERVER_PARAMETERS = {
  type: 'object' as const,
  properties: {
    host: { type: 'string', description: 'Hostname or IP address' },
    port: { type: 'integer', format: 'int32', minimum: 0, maximum: 65536, description: 'Database port' },
    username: { type: 'string', nullable: true, description: 'Username' },
    password: { type: 'string', nullable: true, description: 'Password' },
    database: { type: 'string', description: 'Database name' },
    query: { type: 'object', additionalProperties: {}, description: 'Additional parameters' },
  },
  required: ['host', 'port', 'database'],
};

const FILE_PARAMETERS = {
  type: 'object' as const,
  properties: {
    database: {
      type: 'string',
      description:
        'Path of the database file (inside the data directory or an allowed directory), or :memory:',
    },
    query: { type: 'object', additionalProperties: {}, description: 'Additional parameters' },
  },
  required: ['database'],
};

/** `GET /api/v1/database/available/`: every engine with its URI placeholder and parameter schema. */
export function availableEngines(): AvailableEngine[] {
  return ENGINES.map((engine) => {
    const dialect = dialects[engine];
    const scheme = dialect.uriSchemes[0];
    const fileBased = dialect.capabilities.fileBased;
    return {
      name: dialect.displayName,
      engine,
      default_driver: defaultDriver(engine),
      available_drivers: [defaultDriver(engine)],
      sqlalchemy_uri_placeholder: fileBased
        ? `${scheme}:////absolute/path/to/file`
        : `${scheme}://user:password@host:port/database`,
      preferred: true,
      parameters: fileBased ? FILE_PARAMETERS : SERVER_PARAMETERS,
      engine_information: engineInformation(engine),
    };
  });
}
