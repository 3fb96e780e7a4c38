import type { LimitingFactor } from '@vitrina/common';

/** Superset's SQL Lab row ceiling when the server does not say otherwise (SQL_MAX_ROW). */
export const DEFAULT_MAX_ROWS = 100_000;

export interface LimitWarning {
  key:
    | 'sqlLab.results.limitReached'
    | 'sqlLab.results.limitByQuery'
    | 'sqlLab.results.limitByDropdown'
    | 'sqlLab.results.limitByQueryAndDropdown';
  params: { limit: number; maxRows: number };
}

interface LimitInput {
  rows: number;
  limitingFactor: LimitingFactor;
  displayLimitReached: boolean;
  maxRows?: number;
}

/**
 * Which warning the results show above the grid, as Superset's ResultSet decides: the display cap wins;
 * otherwise the factor the server reports, and nothing when the query was not limited.
 */
export function limitWarning({
  rows,
  limitingFactor,
  displayLimitReached,
  maxRows,
}: LimitInput): LimitWarning | null {
  const params = { limit: rows, maxRows: maxRows ?? DEFAULT_MAX_ROWS };
  if (displayLimitReached) return { key: 'sqlLab.results.limitReached', params };
  switch (limitingFactor) {
    case 'QUERY':
      return { key: 'sqlLab.results.limitByQuery', params };
    case 'DROPDOWN':
      return { key: 'sqlLab.results.limitByDropdown', params };
    case 'QUERY_AND_DROPDOWN':
      return { key: 'sqlLab.results.limitByQueryAndDropdown', params };
    default:
      return null;
  }
}
