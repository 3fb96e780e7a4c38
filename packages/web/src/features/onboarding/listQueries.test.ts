import { describe, expect, it } from 'vitest';
import { INITIAL_REQUEST_LIST, INITIAL_TEAM_LIST, requestListQuery, teamListQuery } from './listQueries.ts';
import { formatRequestDate } from './requestDate.ts';

describe('request list query', () => {
  it('sorts open requests first, 10 a page, with no filters at first', () => {
    expect(requestListQuery(INITIAL_REQUEST_LIST)).toEqual({
      filters: [],
      order_column: 'finished',
      order_direction: 'asc',
      page: 0,
      page_size: 10,
    });
  });

  it('filters by id, user and closed, ignoring an id that is not a number', () => {
    expect(
      requestListQuery({ ...INITIAL_REQUEST_LIST, id: ' 12 ', userId: 4, closed: 'no' }).filters,
    ).toEqual([
      { col: 'id', opr: 'eq_id_statement', value: 12 },
      { col: 'user', opr: 'rel_m_m', value: 4 },
      { col: 'finished', opr: 'eq', value: false },
    ]);
    expect(requestListQuery({ ...INITIAL_REQUEST_LIST, id: 'abc' }).filters).toEqual([]);
  });
});

describe('team list query', () => {
  it('filters by id, name, slug and franchisee flag', () => {
    expect(
      teamListQuery({ ...INITIAL_TEAM_LIST, id: '3', name: ' fr ', slug: 'ivan', franchisee: 'yes' }).filters,
    ).toEqual([
      { col: 'id', opr: 'eq_id_team', value: 3 },
      { col: 'name', opr: 'ct_name', value: 'fr' },
      { col: 'slug', opr: 'ct_slug', value: 'ivan' },
      { col: 'is_external', opr: 'eq_external', value: 1 },
    ]);
    expect(teamListQuery(INITIAL_TEAM_LIST).order_column).toBe('id');
  });
});

describe('formatRequestDate', () => {
  it('reads zoneless times as UTC and shows DD/MM/YYYY HH:mm', () => {
    const shown = formatRequestDate('2026-11-24T03:05:00');
    expect(shown).toMatch(/^\d\d\/\d\d\/2026 \d\d:05$/);
    expect(formatRequestDate('2026-11-24T03:05:00Z')).toBe(shown);
    expect(formatRequestDate(null)).toBe('');
  });
});
