import { encodeRison, formatTimeRangeBound, parseTimeRange } from '@vitrina/common';
import { beforeAll, expect, it } from 'vitest';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';

const URL = '/api/v1/time_range/';
const q = (value: unknown) => `${URL}?q=${encodeURIComponent(encodeRison(value))}`;

describeEachMetastore('time range API', (harness) => {
  let admin: Headers;
  let gamma: Headers;
  let nobody: Headers;

  beforeAll(async () => {
    const { createUser, bearer, loginAs } = harness();
    await createUser({ username: 'tr_gamma', roles: ['Gamma'] });
    await createUser({ username: 'tr_nobody', roles: [] });
    admin = await loginAs(ADMIN.username, ADMIN.password);
    gamma = await bearer('tr_gamma', 'password123');
    nobody = await bearer('tr_nobody', 'password123');
  });

  it('refuses anonymous callers with 401 and users without can_time_range with 403', async () => {
    const { app } = harness();
    expect((await app.inject({ url: q('Last week') })).statusCode).toBe(401);
    const forbidden = await app.inject({ url: q('Last week'), headers: nobody });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
  });

  it('evaluates a range string', async () => {
    const response = await harness().app.inject({
      url: q('2024-01-01 : 2024-02-01T10:00:00'),
      headers: gamma,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      result: [
        {
          since: '2024-01-01T00:00:00',
          until: '2024-02-01T10:00:00',
          timeRange: '2024-01-01 : 2024-02-01T10:00:00',
          shift: null,
        },
      ],
    });
  });

  it('evaluates relative ranges against the current time', async () => {
    const response = await harness().app.inject({ url: q('Last week'), headers: admin });
    const expected = parseTimeRange('Last week', { now: new Date() });
    const [entry] = response.json().result;
    expect(entry.since).toBe(formatTimeRangeBound(expected.since!));
    expect(entry.until).toBe(formatTimeRangeBound(expected.until!));
  });

  it('answers open bounds with empty strings', async () => {
    const response = await harness().app.inject({ url: q('No filter'), headers: gamma });
    expect(response.json().result).toEqual([{ since: '', until: '', timeRange: 'No filter', shift: null }]);
    const half = await harness().app.inject({ url: q(' : 2024-01-01'), headers: gamma });
    expect(half.json().result[0]).toMatchObject({ since: '', until: '2024-01-01T00:00:00' });
  });

  it('evaluates a list of ranges with shifts', async () => {
    const response = await harness().app.inject({
      url: q([
        { timeRange: '2024-05-08 : 2024-05-15', shift: '1 year ago' },
        { timeRange: '2024-05-08 : 2024-05-15', shift: '52 weeks ago' },
        { timeRange: '2024-05-08 : 2024-05-15', shift: 'inherit' },
        { timeRange: '2024-05-08 : 2024-05-15' },
      ]),
      headers: gamma,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toEqual([
      {
        since: '2023-05-08T00:00:00',
        until: '2023-05-15T00:00:00',
        timeRange: '2024-05-08 : 2024-05-15',
        shift: '1 year ago',
      },
      {
        since: '2023-05-10T00:00:00',
        until: '2023-05-17T00:00:00',
        timeRange: '2024-05-08 : 2024-05-15',
        shift: '52 weeks ago',
      },
      {
        since: '2024-05-01T00:00:00',
        until: '2024-05-08T00:00:00',
        timeRange: '2024-05-08 : 2024-05-15',
        shift: 'inherit',
      },
      {
        since: '2024-05-08T00:00:00',
        until: '2024-05-15T00:00:00',
        timeRange: '2024-05-08 : 2024-05-15',
        shift: null,
      },
    ]);
  });

  it.each([
    ['today : yesterday', 'Unexpected time range: From date cannot be larger than to date'],
    ['foo', 'Unexpected time range: Cannot parse time string [foo]'],
    [
      'DATEADD(DATETIME("today"), -7, fortnight) : today',
      'Unexpected time range: Unknown time unit \'fortnight\' in DATEADD; expected one of year, quarter, month, week, day, hour, minute, second in [DATEADD(DATETIME("today"), -7, fortnight)]',
    ],
  ])('answers 400 for %j', async (range, message) => {
    const response = await harness().app.inject({ url: q(range), headers: gamma });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers 400 for a bad shift, bad rison and a missing or mis-shaped q', async () => {
    const { app } = harness();
    const badShift = await app.inject({
      url: q([{ timeRange: 'Last week', shift: 'banana' }]),
      headers: gamma,
    });
    expect(badShift.statusCode).toBe(400);
    expect(badShift.json().message).toContain('Time delta is ambiguous');
    for (const url of [
      `${URL}?q=(`,
      URL,
      q({ timeRange: 'Last week' }),
      q([{ shift: '1 day ago' }]),
      q([1]),
    ]) {
      const response = await app.inject({ url, headers: gamma });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/^Not a valid rison/);
    }
  });
});
