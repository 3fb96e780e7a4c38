import { randomUUID } from 'node:crypto';
import { encodeRison } from '@vitrina/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../../platform/metastore/index.ts';
import { ADMIN, describeEachMetastore, type Headers } from '../../testing/testApp.ts';
import { backendOf } from './repo.ts';

const URL = '/api/v1/database/';
const q = (value: unknown) => `${URL}?q=${encodeURIComponent(encodeRison(value))}`;

describe('backendOf', () => {
  it.each([
    ['duckdb:////var/data/examples.duckdb', 'duckdb'],
    ['postgresql+psycopg2://u:secret@db:5432/x', 'postgresql'],
    ['postgresql://u:secret@db/x', 'postgresql'],
    ['mysql+mysqldb://u@h/x', 'mysql'],
    ['sqlite://', 'sqlite'],
    ['not a uri', ''],
  ])('%s → %s', (uri, backend) => expect(backendOf(uri)).toBe(backend));
});

describeEachMetastore('databases list', (harness) => {
  let admin: Headers;
  let gamma: Headers;
  let noRole: Headers;

  beforeAll(async () => {
    const { createUser, bearer, ctx } = harness();
    await createUser({ username: 'gamma_user', roles: ['Gamma'] });
    await createUser({ username: 'nobody', roles: ['Public'] });
    admin = await bearer(ADMIN.username, ADMIN.password);
    gamma = await bearer('gamma_user', 'password123');
    noRole = await bearer('nobody', 'password123');
    const databases = [
      {
        database_name: 'examples',
        sqlalchemy_uri: 'duckdb:////data/examples.duckdb',
        expose_in_sqllab: 1,
        allow_file_upload: 0,
      },
      {
        database_name: 'Warehouse',
        sqlalchemy_uri: 'postgresql+psycopg2://etl:hunter2@db/warehouse',
        expose_in_sqllab: 0,
        allow_file_upload: 1,
      },
      {
        database_name: 'marts',
        sqlalchemy_uri: 'postgresql://reader@db/marts',
        expose_in_sqllab: 1,
        allow_file_upload: 1,
      },
    ];
    for (const [index, database] of databases.entries()) {
      await ctx.metastore.db
        .insertInto('databases')
        .values({
          ...database,
          uuid: randomUUID(),
          encrypted_password: 'ciphertext',
          allow_dml: index === 1 ? 1 : 0,
          allow_run_async: 0,
          allow_ctas: 0,
          allow_cvas: 0,
          extra: '{}',
          created_on: nowIso(),
          changed_on: `2024-0${index + 1}-01T00:00:00.000Z`,
        })
        .execute();
    }
  });

  const list = async (url: string, headers: Headers = admin) => {
    const response = await harness().app.inject({ url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('lists databases newest first with backend and flags, never the URI or password', async () => {
    const body = await list(URL);
    expect(body.count).toBe(3);
    expect(body.result.map((d: { database_name: string }) => d.database_name)).toEqual([
      'marts',
      'Warehouse',
      'examples',
    ]);
    expect(body.result[1]).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      database_name: 'Warehouse',
      backend: 'postgresql',
      expose_in_sqllab: false,
      allow_run_async: false,
      allow_dml: true,
      allow_ctas: false,
      allow_cvas: false,
      allow_file_upload: true,
      changed_on: '2024-02-01T00:00:00.000Z',
    });
    expect(body.list_columns).toContain('backend');
    expect(body.list_columns).not.toContain('sqlalchemy_uri');
    expect(JSON.stringify(body)).not.toMatch(/hunter2|ciphertext|sqlalchemy_uri|psycopg2/);
  });

  it('is readable by Gamma (can_read on Database) but not by a user without it', async () => {
    expect((await list(URL, gamma)).count).toBe(3);
    const { app } = harness();
    expect((await app.inject({ url: URL, headers: noRole })).statusCode).toBe(403);
    expect((await app.inject({ url: URL })).statusCode).toBe(401);
  });

  it('filters by name and flags, orders and pages', async () => {
    const byName = await list(
      q({ filters: [{ col: 'database_name', opr: 'ct', value: 'ART' }], columns: ['database_name'] }),
    );
    expect(byName.result).toEqual([{ database_name: 'marts' }]);
    const exposed = await list(
      q({
        filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }],
        order_column: 'database_name',
        order_direction: 'asc',
      }),
    );
    expect(exposed.result.map((d: { database_name: string }) => d.database_name)).toEqual([
      'examples',
      'marts',
    ]);
    const uploads = await list(
      q({
        filters: [{ col: 'allow_file_upload', opr: 'eq', value: 1 }],
        columns: ['backend'],
        keys: ['none'],
      }),
    );
    expect(uploads).toEqual({
      count: 2,
      ids: expect.any(Array),
      result: [{ backend: 'postgresql' }, { backend: 'postgresql' }],
    });
    const page = await list(
      q({
        order_column: 'database_name',
        order_direction: 'desc',
        page: 1,
        page_size: 2,
        columns: ['database_name'],
      }),
    );
    expect(page).toMatchObject({ count: 3, result: [{ database_name: 'examples' }] });
    const sorted = await list(q({ order_column: 'database_name', columns: ['database_name'] }));
    expect(sorted.result.map((d: { database_name: string }) => d.database_name)).toEqual([
      'examples',
      'marts',
      'Warehouse',
    ]);
  });

  it('answers 400 naming the problem', async () => {
    const { app } = harness();
    const cases: Array<[unknown, string]> = [
      [
        { filters: [{ col: 'sqlalchemy_uri', opr: 'ct', value: 'hunter' }] },
        "Filter on unknown column 'sqlalchemy_uri'",
      ],
      [
        { filters: [{ col: 'expose_in_sqllab', opr: 'ct', value: 'x' }] },
        "Operator 'ct' is not allowed on column 'expose_in_sqllab'",
      ],
      [{ order_column: 'backend' }, "Cannot order by column 'backend'"],
      [{ columns: ['sqlalchemy_uri'] }, "Unknown column 'sqlalchemy_uri' in columns"],
    ];
    for (const [query, message] of cases) {
      const response = await app.inject({ url: q(query), headers: admin });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await app.inject({ url: `${URL}?q=(filters:!(`, headers: admin })).json().message).toMatch(
      /^Not a valid rison/,
    );
  });
});
