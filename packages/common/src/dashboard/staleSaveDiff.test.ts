import { describe, expect, it } from 'vitest';
import { staleSaveDiff } from './staleSaveDiff.ts';

describe('staleSaveDiff', () => {
  it('finds nothing when the server holds what the editor saves', () => {
    expect(
      staleSaveDiff(
        {
          dashboard_title: 'Sales',
          slug: null,
          css: '',
          owners: [2, 1],
          roles: [],
          json_metadata: '{"a":1,"b":[1,2]}',
          position_json: '{"ROOT_ID":{"id":"ROOT_ID"}}',
        },
        {
          dashboard_title: 'Sales',
          slug: null,
          css: null,
          owners: [{ id: 1 }, { id: 2 }],
          roles: [],
          json_metadata: '{"b":[1,2],"a":1}',
          position_json: '{"ROOT_ID":{"id":"ROOT_ID"}}',
        },
      ),
    ).toEqual([]);
  });

  it('lists each field that differs with both values', () => {
    expect(
      staleSaveDiff(
        { dashboard_title: 'Sales', owners: [1], json_metadata: '{"a":1}', certified_by: 'Me', css: 'a' },
        {
          dashboard_title: 'Revenue',
          owners: [{ id: 1 }, { id: 3 }],
          json_metadata: '{"a":2}',
          certified_by: 'Me',
          css: 'a',
        },
      ),
    ).toEqual([
      { field: 'dashboard_title', local: 'Sales', server: 'Revenue' },
      { field: 'owners', local: [1], server: [{ id: 1 }, { id: 3 }] },
      { field: 'json_metadata', local: '{"a":1}', server: '{"a":2}' },
    ]);
  });

  it('compares only fields both sides have, and unreadable JSON as text', () => {
    expect(staleSaveDiff({ slug: 'a' }, { css: 'b' })).toEqual([]);
    expect(staleSaveDiff({ position_json: '{bad' }, { position_json: '{bad' })).toEqual([]);
    expect(staleSaveDiff({ position_json: '{bad' }, { position_json: '{}' })).toHaveLength(1);
    expect(staleSaveDiff({ roles: null }, { roles: [] })).toHaveLength(1);
    expect(staleSaveDiff({ json_metadata: '[1]' }, { json_metadata: '{"0":1}' })).toHaveLength(1);
    expect(staleSaveDiff({ json_metadata: '[1,2]' }, { json_metadata: '[1]' })).toHaveLength(1);
    expect(staleSaveDiff({ json_metadata: null }, { json_metadata: '{}' })).toHaveLength(1);
  });
});
