import { describe, expect, it } from 'vitest';
import { limitWarning } from './limitWarning.ts';

describe('limitWarning', () => {
  it('says nothing when the query was not limited', () => {
    expect(limitWarning({ rows: 5, limitingFactor: 'NOT_LIMITED', displayLimitReached: false })).toBeNull();
    expect(limitWarning({ rows: 5, limitingFactor: 'UNKNOWN', displayLimitReached: false })).toBeNull();
  });

  it('names the dropdown, the query, or both', () => {
    expect(limitWarning({ rows: 1000, limitingFactor: 'DROPDOWN', displayLimitReached: false })?.key).toBe(
      'sqlLab.results.limitByDropdown',
    );
    expect(limitWarning({ rows: 10, limitingFactor: 'QUERY', displayLimitReached: false })?.key).toBe(
      'sqlLab.results.limitByQuery',
    );
    expect(
      limitWarning({ rows: 10, limitingFactor: 'QUERY_AND_DROPDOWN', displayLimitReached: false })?.key,
    ).toBe('sqlLab.results.limitByQueryAndDropdown');
  });

  it('prefers the display cap, with the row count and the maximum', () => {
    expect(
      limitWarning({ rows: 10000, limitingFactor: 'DROPDOWN', displayLimitReached: true, maxRows: 50000 }),
    ).toEqual({ key: 'sqlLab.results.limitReached', params: { limit: 10000, maxRows: 50000 } });
  });
});
