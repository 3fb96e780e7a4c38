/** The metastore's own engines: PostgreSQL when DATABASE_URL names one, else the built-in SQLite file. */

/** The URL protocols DATABASE_URL may have. */
export const METASTORE_URL_PROTOCOLS = ['postgres:', 'postgresql:'];

/** How the startup log names the built-in metastore. */
export const BUILT_IN_METASTORE = 'SQLite';
