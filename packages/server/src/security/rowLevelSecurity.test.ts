import { dialects } from '@vitrina/common/sql/dialects/index';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertDatabase, insertDataset, insertRlsRule } from '../testing/fixtures.ts';
import { describeEachMetastore } from '../testing/testApp.ts';
import {
  combineRlsFilters,
  renderRlsClauses,
  rlsCacheKeyPart,
  rlsClausesFor,
  usesUserMacros,
} from './rowLevelSecurity.ts';

describe('combineRlsFilters', () => {
  it('answers [] for no filters', () => {
    expect(combineRlsFilters([])).toEqual([]);
  });

  it('parenthesises each ungrouped clause and keeps them separate (ANDed)', () => {
    expect(
      combineRlsFilters([
        { group_key: null, clause: "region = 'EU' OR region = 'US'" },
        { group_key: '', clause: ' year > 2020 ' },
      ]),
    ).toEqual(["(region = 'EU' OR region = 'US')", '(year > 2020)']);
  });

  it('ORs filters sharing a group key, after the ungrouped ones, groups in order of appearance', () => {
    expect(
      combineRlsFilters([
        { group_key: 'dept', clause: "dept = 'a'" },
        { group_key: null, clause: 'x = 1' },
        { group_key: 'region', clause: "region = 'EU'" },
        { group_key: 'dept', clause: "dept = 'b'" },
      ]),
    ).toEqual(['(x = 1)', "((dept = 'a') OR (dept = 'b'))", "(region = 'EU')"]);
  });

  it('skips blank clauses', () => {
    expect(combineRlsFilters([{ group_key: null, clause: '   ' }])).toEqual([]);
  });
});

describe('renderRlsClauses', () => {
  const literal = (value: string | number | null) => dialects.postgresql.literal(value);
  const user = { id: 7, username: "O'Brien", email: 'ob@example.com' };

  it('renders the user macros as the dialect literals, bare or inside the quotes Superset clauses use', () => {
    expect(
      renderRlsClauses(
        [
          '(owner = {{ current_username() }})',
          "(owner = '{{current_username()}}' AND uid = {{ current_user_id() }})",
          '(mail = {{ current_user_email() }})',
        ],
        user,
        literal,
      ),
    ).toEqual(["(owner = 'O''Brien')", "(owner = 'O''Brien' AND uid = 7)", "(mail = 'ob@example.com')"]);
  });

  it('a name written to break out of the string stays one literal', () => {
    const [clause] = renderRlsClauses(
      ["(owner = '{{ current_username() }}')"],
      { id: 1, username: "x' OR '1'='1", email: null },
      literal,
    );
    expect(clause).toBe("(owner = 'x'' OR ''1''=''1')");
  });

  it('renders NULL for an anonymous caller and tells which clauses use macros', () => {
    expect(renderRlsClauses(['(uid = {{ current_user_id() }})'], null, literal)).toEqual(['(uid = NULL)']);
    expect(usesUserMacros(['(a = 1)'])).toBe(false);
    expect(usesUserMacros(['(a = {{ current_user_id() }})'])).toBe(true);
  });
});

describe('rlsCacheKeyPart', () => {
  it('is empty without RLS, so such results are shared', () => {
    expect(rlsCacheKeyPart([])).toBe('');
  });

  it('differs per clause set and ignores the order of the ANDed clauses', () => {
    const a = rlsCacheKeyPart(['(x = 1)', '(y = 2)']);
    expect(a).toMatch(/^rls:[0-9a-f]{32}$/);
    expect(rlsCacheKeyPart(['(y = 2)', '(x = 1)'])).toBe(a);
    expect(rlsCacheKeyPart(['(x = 1)'])).not.toBe(a);
  });
});

describeEachMetastore('rlsClausesFor', (harness) => {
  let sales: number;
  let other: number;

  async function addFilter(
    name: string,
    filterType: 'Regular' | 'Base',
    clause: string,
    options: { tables: number[]; roles: string[]; groupKey?: string },
  ): Promise<void> {
    await insertRlsRule(harness(), {
      name,
      clause,
      filterType,
      groupKey: options.groupKey ?? null,
      datasetIds: options.tables,
      roleNames: options.roles,
    });
  }

  beforeAll(async () => {
    const h = harness();
    const databaseId = await insertDatabase(h, { name: 'rls_db', uri: 'sqlite:///:memory:' });
    sales = await insertDataset(h, databaseId, 'sales');
    other = await insertDataset(h, databaseId, 'other');
    await h.ctx.metastore.db.insertInto('roles').values({ name: 'Finance', description: '' }).execute();

    await addFilter('finance only', 'Regular', "department = 'finance'", {
      tables: [sales],
      roles: ['Finance'],
    });
    await addFilter('gamma EU', 'Regular', "region = 'EU'", {
      tables: [sales],
      roles: ['Gamma'],
      groupKey: 'region',
    });
    await addFilter('gamma US', 'Regular', "region = 'US'", {
      tables: [sales],
      roles: ['Gamma'],
      groupKey: 'region',
    });
    await addFilter('base nothing', 'Base', '1 = 0', { tables: [sales], roles: ['Admin', 'Alpha'] });
    await addFilter('other table', 'Regular', 'y = 2', { tables: [other], roles: ['Gamma'] });
  });

  const db = () => harness().ctx.metastore.db;

  it('answers [] for a dataset without filters', async () => {
    const h = harness();
    const lonely = await insertDataset(
      h,
      (await db().selectFrom('databases').select('id').executeTakeFirstOrThrow()).id,
      'lonely',
    );
    expect(await rlsClausesFor(db(), { roles: ['Gamma'] }, lonely)).toEqual([]);
  });

  it('exempts members of a Base filter’s roles and applies nothing else to them', async () => {
    expect(await rlsClausesFor(db(), { roles: ['Admin'] }, sales)).toEqual([]);
    expect(await rlsClausesFor(db(), { roles: ['Alpha', 'sql_lab'] }, sales)).toEqual([]);
  });

  it('applies a Base filter to everyone outside its roles, anonymous callers included', async () => {
    expect(await rlsClausesFor(db(), { roles: ['sql_lab'] }, sales)).toEqual(['(1 = 0)']);
    expect(await rlsClausesFor(db(), null, sales)).toEqual(['(1 = 0)']);
  });

  it('applies Regular filters to members of their roles, ORing a group', async () => {
    expect(await rlsClausesFor(db(), { roles: ['Gamma'] }, sales)).toEqual([
      '(1 = 0)',
      "((region = 'EU') OR (region = 'US'))",
    ]);
    expect(await rlsClausesFor(db(), { roles: ['Gamma'] }, other)).toEqual(['(y = 2)']);
  });

  it('ANDs ungrouped filters and groups for a user in several roles', async () => {
    expect(await rlsClausesFor(db(), { roles: ['Finance', 'Gamma', 'Admin'] }, sales)).toEqual([
      "(department = 'finance')",
      "((region = 'EU') OR (region = 'US'))",
    ]);
  });
});
