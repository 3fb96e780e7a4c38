import type { ListSpec } from '@vitrina/common';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { nowIso } from '../platform/metastore/index.ts';
import type { MetastoreSchema } from '../platform/metastore/schema.ts';
import { describeEachMetastore } from '../testing/testApp.ts';
import { BadRequestError } from './errors.ts';
import {
  defineList,
  LARGEST_PAGE_SIZE,
  type ListDefinition,
  likePattern,
  parseListArgument,
  prettify,
  projectRow,
  runList,
} from './listEndpoint.ts';

const spec: ListSpec = {
  searchColumns: {
    id: { operators: ['eq', 'in', 'gt', 'le'], type: 'number' },
    username: { operators: ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new'], type: 'text' },
    active: { operators: ['eq'], type: 'boolean' },
    roles: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
    last_login: { operators: ['eq', 'neq'], type: 'datetime' },
    first_name: { operators: ['starts_with_letter'], type: 'text' },
  },
  orderColumns: ['id', 'username', 'active', 'last_login'],
  listColumns: ['id', 'username', 'active', 'roles.id', 'roles.name', 'shout'],
  defaultOrder: { column: 'id', direction: 'asc' },
};

const users: ListDefinition<MetastoreSchema> = defineList<MetastoreSchema>({
  spec,
  title: 'List Users',
  columns: {
    id: sql.ref('u.id'),
    username: sql.ref('u.username'),
    active: sql.ref('u.active'),
    last_login: sql.ref('u.last_login'),
    first_name: sql.ref('u.first_name'),
  },
  flags: ['active'],
  labels: { username: 'User Name' },
  descriptions: { active: 'May log in' },
  derived: { shout: (row) => String(row.username).toUpperCase() },
  relations: {
    roles: async (db, ids) => {
      const rows = await db
        .selectFrom('user_roles as ur')
        .innerJoin('roles as r', 'r.id', 'ur.role_id')
        .select(['ur.user_id', 'r.id', 'r.name'])
        .where('ur.user_id', 'in', ids.map(Number))
        .execute();
      const byUser = new Map<number | string, unknown[]>();
      for (const row of rows)
        byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), { id: row.id, name: row.name }]);
      return byUser;
    },
  },
  relationFilters: {
    roles: (ids) =>
      sql`u.id in (select ur.user_id from user_roles ur where ur.role_id in (${sql.join(ids)}))`,
  },
  customOperators: {
    starts_with_letter: (filter) => sql`lower(u.first_name) like ${`${String(filter.value).toLowerCase()}%`}`,
  },
});

describe('defineList', () => {
  it('refuses a list column without SQL', () => {
    expect(() => defineList({ spec: { ...spec, listColumns: ['ghost'] }, title: 'T', columns: {} })).toThrow(
      "list column 'ghost' has no SQL expression",
    );
  });

  it('refuses an operator with no implementation', () => {
    expect(() =>
      defineList({
        spec: {
          ...spec,
          listColumns: [],
          orderColumns: ['id'],
          searchColumns: { id: { operators: ['magic'], type: 'text' } },
        },
        title: 'T',
        columns: { id: sql.ref('id') },
      }),
    ).toThrow("operator 'magic' has no implementation");
  });

  it('refuses rel_m_m without a relation filter', () => {
    expect(() =>
      defineList({
        spec: {
          ...spec,
          listColumns: [],
          orderColumns: ['id'],
          searchColumns: { roles: { operators: ['rel_m_m'], type: 'number' } },
        },
        title: 'T',
        columns: { id: sql.ref('id') },
      }),
    ).toThrow("'rel_m_m' on 'roles' needs a relation filter");
  });

  it('refuses a page-size cap above the largest any list may answer', () => {
    const bare = { listColumns: [], orderColumns: ['id'], searchColumns: {} };
    const columns = { id: sql.ref('id') };
    expect(() =>
      defineList({ spec: { ...spec, ...bare, maxPageSize: LARGEST_PAGE_SIZE + 1 }, title: 'T', columns }),
    ).toThrow(`maxPageSize is above ${LARGEST_PAGE_SIZE}`);
    expect(() =>
      defineList({ spec: { ...spec, ...bare, defaultPageSize: 500 }, title: 'T', columns }),
    ).toThrow('defaultPageSize is above maxPageSize');
  });
});

describe('list helpers', () => {
  it('escapes LIKE wildcards and lower-cases the text', () => {
    expect(likePattern('A_b%c\\', '%', '%')).toBe('%a\\_b\\%c\\\\%');
  });

  it('prettifies column names as FAB does', () => {
    expect(prettify('first_name')).toBe('First Name');
    expect(prettify('roles.name')).toBe('Roles Name');
  });

  it('projects dotted columns onto related objects', () => {
    const row = { id: 1, roles: [{ id: 2, name: 'Admin', extra: true }] };
    expect(projectRow(row, ['id', 'roles.name'])).toEqual({ id: 1, roles: [{ name: 'Admin' }] });
    expect(projectRow(row, ['roles.id', 'roles.name'])).toEqual({ roles: [{ id: 2, name: 'Admin' }] });
  });

  it('turns a bad q into a 400 naming the problem', () => {
    expect(() => parseListArgument('(order_column:email)', users)).toThrow(BadRequestError);
    expect(() => parseListArgument('(order_column:email)', users)).toThrow("Cannot order by column 'email'");
  });

  it('clamps page_size to the list cap, as FAB does', () => {
    expect(parseListArgument('(page_size:1000000)', users).page_size).toBe(100);
    expect(parseListArgument('(page_size:1e300)', users).page_size).toBe(100);
  });

  // A page far enough out made an offset the database refused: a 500 for any user of any list.
  it('refuses a page whose offset is no longer an exact integer', () => {
    expect(() => parseListArgument('(page:1e300)', users)).toThrow(BadRequestError);
    expect(() => parseListArgument('(page:1e300)', users)).toThrow('page is too large');
    expect(parseListArgument('(page:1000000,page_size:100)', users).page).toBe(1_000_000);
  });
});

describeEachMetastore('runList', (harness) => {
  const names = ['alice', 'Bob', 'carol_x', 'carolyx', '100%sure', 'dave', 'Ärger'];
  let roleId = 0;

  beforeAll(async () => {
    const { db } = harness().ctx.metastore;
    const now = nowIso();
    roleId = (await db.selectFrom('roles').select('id').where('name', '=', 'Gamma').executeTakeFirstOrThrow())
      .id;
    for (const [index, username] of names.entries()) {
      const user = await db
        .insertInto('users')
        .values({
          username,
          first_name: username,
          last_name: 'L',
          email: `${index}@example.com`,
          active: index % 2 === 0 ? 1 : 0,
          password_hash: 'x',
          preferred_language: 'en',
          created_on: now,
          changed_on: now,
          last_login: index === 0 ? now : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (index < 2)
        await db.insertInto('user_roles').values({ user_id: user.id, role_id: roleId }).execute();
    }
  });

  async function list(q: string) {
    const { db } = harness().ctx.metastore;
    const base = db.selectFrom('users as u').where('u.username', '!=', 'admin');
    return runList(db, base, users, parseListArgument(q, users));
  }
  const rolesOf = async (q: string) => (await list(q)).result.map((row) => row.roles);

  it('answers at most the cap, even for a query built in code', async () => {
    const { db } = harness().ctx.metastore;
    const capped = defineList<MetastoreSchema>({ ...users, spec: { ...spec, maxPageSize: 2 } });
    const base = () => db.selectFrom('users as u').where('u.username', '!=', 'admin');
    const parsed = await runList(db, base(), capped, parseListArgument('(page_size:1000000)', capped));
    expect(parsed.result).toHaveLength(2);
    expect(parsed.count).toBe(names.length);
    const built = { ...parseListArgument('()', capped), page_size: 1_000_000 };
    expect((await runList(db, base(), capped, built)).result).toHaveLength(2);
  });
  const usernames = async (q: string) => (await list(q)).result.map((row) => row.username);

  it('answers count, ids, rows and every metadata block by default', async () => {
    const answer = await list('(page_size:2)');
    expect(answer.count).toBe(names.length);
    expect(answer.ids).toHaveLength(2);
    expect(answer.result[0]).toEqual({
      id: answer.ids[0],
      username: 'alice',
      active: true,
      shout: 'ALICE',
      roles: [{ id: roleId, name: 'Gamma' }],
    });
    expect(answer.list_columns).toEqual(spec.listColumns);
    expect(answer.order_columns).toEqual(spec.orderColumns);
    expect(answer.label_columns).toMatchObject({
      username: 'User Name',
      active: 'Active',
      'roles.name': 'Roles Name',
    });
    expect(answer.description_columns).toEqual({ active: 'May log in' });
    expect(answer.list_title).toBe('List Users');
  });

  it('honours columns and keys', async () => {
    const answer = await list('(columns:!(username),keys:!(list_columns))');
    expect(answer.result[0]).toEqual({ username: 'alice' });
    expect(Object.keys(answer).sort()).toEqual(['count', 'ids', 'list_columns', 'result']);
    const bare = await list('(keys:!(none),page_size:1)');
    expect(Object.keys(bare).sort()).toEqual(['count', 'ids', 'result']);
  });

  it('matches text case-insensitively and takes % and _ literally', async () => {
    expect(await usernames('(filters:!((col:username,opr:ct,value:CAROL)))')).toEqual(['carol_x', 'carolyx']);
    expect(await usernames("(filters:!((col:username,opr:ct,value:'l_x')))")).toEqual(['carol_x']);
    expect(await usernames("(filters:!((col:username,opr:sw,value:'100%')))")).toEqual(['100%sure']);
    expect(await usernames("(filters:!((col:username,opr:sw,value:'1%s')))")).toEqual([]);
    expect(await usernames('(filters:!((col:username,opr:ew,value:B)))')).toEqual(['Bob']);
    expect(
      await usernames('(filters:!((col:username,opr:nsw,value:c),(col:username,opr:nct,value:e)))'),
    ).toEqual(['Bob']);
    expect(await usernames('(filters:!((col:username,opr:new,value:x)))')).not.toContain('carol_x');
  });

  it('applies eq, neq, in, gt and le', async () => {
    expect(await usernames('(filters:!((col:username,opr:eq,value:dave)))')).toEqual(['dave']);
    expect((await list('(filters:!((col:username,opr:neq,value:dave)))')).count).toBe(names.length - 1);
    const ids = (await list('()')).ids;
    expect(await usernames(`(filters:!((col:id,opr:in,value:!(${ids[1]},${ids[3]}))))`)).toEqual([
      'Bob',
      'carolyx',
    ]);
    expect(await usernames('(filters:!((col:id,opr:in,value:!())))')).toEqual([]);
    expect((await list(`(filters:!((col:id,opr:gt,value:${ids[4]})))`)).count).toBe(2);
    expect((await list(`(filters:!((col:id,opr:le,value:${ids[1]})))`)).count).toBe(2);
  });

  it('compares booleans with the stored 0/1 flags', async () => {
    expect(await usernames('(filters:!((col:active,opr:eq,value:!t)))')).toEqual([
      'alice',
      'carol_x',
      '100%sure',
      'Ärger',
    ]);
    expect(await usernames('(filters:!((col:active,opr:eq,value:0)))')).toEqual(['Bob', 'carolyx', 'dave']);
  });

  it('compares with null', async () => {
    expect(await usernames('(filters:!((col:last_login,opr:neq,value:!n)))')).toEqual(['alice']);
    expect((await list('(filters:!((col:last_login,opr:eq,value:!n)))')).count).toBe(names.length - 1);
  });

  it('filters through a many-to-many relation', async () => {
    expect(await usernames(`(filters:!((col:roles,opr:rel_m_m,value:${roleId})))`)).toEqual(['alice', 'Bob']);
    expect((await list(`(filters:!((col:roles,opr:nrel_m_m,value:${roleId})))`)).count).toBe(
      names.length - 2,
    );
  });

  it('loads relations for the page and projects their fields', async () => {
    expect(await rolesOf('(columns:!(roles.name),page_size:3)')).toEqual([
      [{ name: 'Gamma' }],
      [{ name: 'Gamma' }],
      [],
    ]);
    expect((await list('(columns:!(username),page_size:1)')).result[0]).not.toHaveProperty('roles');
  });

  it('applies a custom operator', async () => {
    expect(await usernames('(filters:!((col:first_name,opr:starts_with_letter,value:d)))')).toEqual(['dave']);
  });

  it('orders and pages, with the count of all matches', async () => {
    const byName = await usernames('(order_column:username,order_direction:desc,page_size:100)');
    expect(byName).toHaveLength(names.length);
    const page1 = await list('(order_column:username,order_direction:desc,page:1,page_size:3)');
    expect(page1.count).toBe(names.length);
    expect(page1.result.map((row) => row.username)).toEqual(byName.slice(3, 6));
    const beyond = await list('(page:10,page_size:3)');
    expect(beyond).toMatchObject({ count: names.length, ids: [], result: [] });
  });

  it('puts empty values last in both directions', async () => {
    for (const direction of ['asc', 'desc']) {
      const answer = await list(`(order_column:last_login,order_direction:${direction})`);
      expect(answer.result[0]?.username, direction).toBe('alice');
    }
  });

  it('orders by a flag with a stable tie-breaker', async () => {
    const first = await list('(order_column:active,order_direction:asc,page:0,page_size:2)');
    const second = await list('(order_column:active,order_direction:asc,page:1,page_size:2)');
    expect([...first.ids, ...second.ids]).toHaveLength(new Set([...first.ids, ...second.ids]).size);
    expect(first.result.map((row) => row.username)).toEqual(['Bob', 'carolyx']);
  });
});
