import { describe, expect, it } from 'vitest';
import { actionLogQuery, eventNameOf, INITIAL_ACTION_LOG_LIST, prettyDetails } from './actionLogQuery.ts';

describe('the Action Log list query', () => {
  it('asks for the newest entries first, 20 a page, without filters', () => {
    expect(actionLogQuery(INITIAL_ACTION_LOG_LIST)).toEqual({
      columns: expect.arrayContaining(['user.username', 'json', 'duration_ms']),
      order_column: 'dttm',
      order_direction: 'desc',
      page: 0,
      page_size: 20,
    });
  });

  it("filters as Superset's Action Log: rel_o_m on the user, eq on action and ids, ct on details, gt/lt on time", () => {
    const query = actionLogQuery({
      ...INITIAL_ACTION_LOG_LIST,
      userId: 3,
      action: 'log',
      details: ' mount_dashboard ',
      objectKind: 'chart',
      objectId: 12,
      since: '2026-01-01T00:00:00.000Z',
      until: '2026-01-02T00:00:00.000Z',
    });
    expect(query.filters).toEqual([
      { col: 'user', opr: 'rel_o_m', value: 3 },
      { col: 'action', opr: 'eq', value: 'log' },
      { col: 'json', opr: 'ct', value: 'mount_dashboard' },
      { col: 'slice_id', opr: 'eq', value: 12 },
      { col: 'dttm', opr: 'gt', value: '2026-01-01T00:00:00.000Z' },
      { col: 'dttm', opr: 'lt', value: '2026-01-02T00:00:00.000Z' },
    ]);
    expect(
      actionLogQuery({ ...INITIAL_ACTION_LOG_LIST, objectKind: 'dashboard', objectId: 4 }).filters,
    ).toEqual([{ col: 'dashboard_id', opr: 'eq', value: 4 }]);
  });

  it('reads the event name and pretty-prints the details', () => {
    expect(eventNameOf('{"event_name":"load_chart"}')).toBe('load_chart');
    expect(eventNameOf('{"viz_type":"table"}')).toBeNull();
    expect(eventNameOf('not json')).toBeNull();
    expect(prettyDetails('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(prettyDetails('not json')).toBe('not json');
  });
});
