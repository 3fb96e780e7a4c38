import { describe, expect, it } from 'vitest';
import { INITIAL_USER_LIST, userListQuery } from './userListQuery.ts';

describe('userListQuery', () => {
  it('pages and sorts without a filter when nothing is searched', () => {
    expect(userListQuery(INITIAL_USER_LIST)).toEqual({
      order_column: 'username',
      order_direction: 'asc',
      page: 0,
      page_size: 25,
    });
  });

  it('searches the chosen field with contains', () => {
    const query = userListQuery({ ...INITIAL_USER_LIST, searchField: 'email', searchText: ' @example ' });
    expect(query.filters).toEqual([{ col: 'email', opr: 'ct', value: '@example' }]);
  });
});
