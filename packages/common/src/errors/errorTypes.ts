/**
 * Superset's error types (`errors[].error_type`) by the kind of message that renders them: each kind has
 * its own registered component in the web app, so a timeout, a refused grant or a broken template each
 * read as what they are instead of one generic box.
 */
export type ErrorKind = 'timeout' | 'network' | 'database' | 'security' | 'template' | 'sqlLab';

const KINDS: Record<ErrorKind, readonly string[]> = {
  timeout: ['FRONTEND_TIMEOUT_ERROR', 'BACKEND_TIMEOUT_ERROR'],
  network: ['FRONTEND_NETWORK_ERROR'],
  database: [
    'GENERIC_DB_ENGINE_ERROR',
    'COLUMN_DOES_NOT_EXIST_ERROR',
    'TABLE_DOES_NOT_EXIST_ERROR',
    'SCHEMA_DOES_NOT_EXIST_ERROR',
    'OBJECT_DOES_NOT_EXIST_ERROR',
    'SYNTAX_ERROR',
    'DATABASE_NOT_FOUND_ERROR',
    'CONNECTION_INVALID_USERNAME_ERROR',
    'CONNECTION_INVALID_PASSWORD_ERROR',
    'CONNECTION_INVALID_HOSTNAME_ERROR',
    'CONNECTION_PORT_CLOSED_ERROR',
    'CONNECTION_INVALID_PORT_ERROR',
    'CONNECTION_HOST_DOWN_ERROR',
    'CONNECTION_ACCESS_DENIED_ERROR',
    'CONNECTION_UNKNOWN_DATABASE_ERROR',
    'CONNECTION_DATABASE_PERMISSIONS_ERROR',
    'CONNECTION_MISSING_PARAMETERS_ERROR',
    'CONNECTION_DATABASE_TIMEOUT',
  ],
  security: [
    'DATASOURCE_SECURITY_ACCESS_ERROR',
    'DATABASE_SECURITY_ACCESS_ERROR',
    'TABLE_SECURITY_ACCESS_ERROR',
    'QUERY_SECURITY_ACCESS_ERROR',
    'DASHBOARD_SECURITY_ACCESS_ERROR',
    'CHART_SECURITY_ACCESS_ERROR',
    'MISSING_OWNERSHIP_ERROR',
    'USER_ACTIVITY_SECURITY_ACCESS_ERROR',
  ],
  template: ['MISSING_TEMPLATE_PARAMS_ERROR', 'INVALID_TEMPLATE_PARAMS_ERROR'],
  sqlLab: [
    'SQLLAB_TIMEOUT_ERROR',
    'RESULTS_BACKEND_NOT_CONFIGURED_ERROR',
    'RESULTS_BACKEND_ERROR',
    'INVALID_SQL_ERROR',
    'INVALID_CTAS_QUERY_ERROR',
    'INVALID_CVAS_QUERY_ERROR',
    'DML_NOT_ALLOWED_ERROR',
  ],
};

/** The error types of one kind, for registering that kind's component. */
export function errorTypesOf(kind: ErrorKind): readonly string[] {
  return KINDS[kind];
}

/** The kind of an error type; undefined for types no component renders specially. */
export function errorKindOf(errorType: string | undefined): ErrorKind | undefined {
  if (!errorType) return undefined;
  return (Object.keys(KINDS) as ErrorKind[]).find((kind) => KINDS[kind].includes(errorType));
}
