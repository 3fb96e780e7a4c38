/** What Superset puts in place of a stored password in URIs and parameters. */
export const DATABASE_PASSWORD_MASK = 'XXXXXXXXXX';
