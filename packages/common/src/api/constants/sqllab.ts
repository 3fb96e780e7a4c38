/** SQL Lab's query states and limits: runtime values the web uses, apart from the contract's schemas. */

export const QUERY_STATES = [
  'pending',
  'scheduled',
  'running',
  'fetching',
  'success',
  'failed',
  'stopped',
  'timed_out',
  'started',
] as const;
export type QueryState = (typeof QUERY_STATES)[number];

/** States in which a query is still working; the others are concluded. */
export const RUNNING_QUERY_STATES: readonly QueryState[] = [
  'running',
  'started',
  'pending',
  'fetching',
  'scheduled',
];
export const CONCLUDED_QUERY_STATES: readonly QueryState[] = ['stopped', 'failed', 'success', 'timed_out'];

export type LimitingFactor = 'NOT_LIMITED' | 'QUERY' | 'DROPDOWN' | 'QUERY_AND_DROPDOWN' | 'UNKNOWN';

/** Client ids are 11 characters (spec). */
export const QUERY_CLIENT_ID_LENGTH = 11;
export const DEFAULT_SQLLAB_QUERY_LIMIT = 1000;
