import { describe, expect, it } from 'vitest';
import type { ListSpec } from './listSpec.ts';
import { ListQueryError, parseListQuery } from './parseListQuery.ts';

const spec: ListSpec = {
  searchColumns: {
    username: { operators: ['eq', 'ct', 'sw', 'ew', 'nct'], type: 'text' },
    active: { operators: ['eq'], type: 'boolean' },
    id: { operators: ['eq', 'in', 'gt'], type: 'number' },
    roles: { operators: ['rel_m_m', 'nrel_m_m'], type: 'number' },
    changed_on: { operators: ['gt', 'lt'], type: 'datetime' },
  },
  orderColumns: ['id', 'username', 'changed_on'],
  listColumns: ['id', 'username', 'active', 'roles.id', 'roles.name'],
  defaultOrder: { column: 'changed_on', direction: 'desc' },
};

function rejects(q: string, message: string | RegExp): void {
  expect(() => parseListQuery(q, spec)).toThrow(ListQueryError);
  expect(() => parseListQuery(q, spec)).toThrow(message);
}

describe('parseListQuery defaults', () => {
  it.each([undefined, ''])('fills in FAB defaults for %j', (raw) => {
    expect(parseListQuery(raw, spec)).toEqual({
      filters: [],
      order_column: 'changed_on',
      order_direction: 'desc',
      page: 0,
      page_size: 20,
      columns: ['id', 'username', 'active', 'roles.id', 'roles.name'],
      keys: ['list_columns', 'order_columns', 'label_columns', 'description_columns', 'list_title'],
    });
  });

  it('uses the spec default page size', () => {
    expect(parseListQuery('()', { ...spec, defaultPageSize: 50 }).page_size).toBe(50);
  });
});

describe('parseListQuery arguments', () => {
  it('decodes a full Superset-style query', () => {
    const query = parseListQuery(
      "(filters:!((col:username,opr:ct,value:'ad min'),(col:active,opr:eq,value:!t)),order_column:username,order_direction:asc,page:2,page_size:25,columns:!(id,username),keys:!(list_columns,list_title))",
      spec,
    );
    expect(query).toEqual({
      filters: [
        { col: 'username', opr: 'ct', value: 'ad min' },
        { col: 'active', opr: 'eq', value: true },
      ],
      order_column: 'username',
      order_direction: 'asc',
      page: 2,
      page_size: 25,
      columns: ['id', 'username'],
      keys: ['list_columns', 'list_title'],
    });
  });

  it('caps page_size at the maximum, as FAB does', () => {
    expect(parseListQuery('(page_size:1000)', spec).page_size).toBe(100);
    expect(parseListQuery('(page_size:1000)', { ...spec, maxPageSize: 500 }).page_size).toBe(500);
  });

  it('orders ascending when only the column is given', () => {
    expect(parseListQuery('(order_column:id)', spec)).toMatchObject({
      order_column: 'id',
      order_direction: 'asc',
    });
  });

  it('uses the default column when only the direction is given', () => {
    expect(parseListQuery('(order_direction:asc)', spec)).toMatchObject({
      order_column: 'changed_on',
      order_direction: 'asc',
    });
  });

  it('keys:!(none) asks for no metadata', () => {
    expect(parseListQuery('(keys:!(none))', spec).keys).toEqual([]);
  });

  it('an empty columns list means every list column', () => {
    expect(parseListQuery('(columns:!())', spec).columns).toHaveLength(5);
  });

  it('drops repeated columns and keys', () => {
    const query = parseListQuery('(columns:!(id,id),keys:!(list_title,list_title))', spec);
    expect(query.columns).toEqual(['id']);
    expect(query.keys).toEqual(['list_title']);
  });
});

describe('parseListQuery filter values', () => {
  it.each([
    ['(col:active,opr:eq,value:1)', true],
    ['(col:active,opr:eq,value:0)', false],
    ["(col:active,opr:eq,value:'false')", false],
    ["(col:id,opr:eq,value:'7')", 7],
    ['(col:username,opr:eq,value:42)', '42'],
    ['(col:roles,opr:rel_m_m,value:3)', 3],
    ["(col:changed_on,opr:gt,value:'2024-01-02T03:04:05+03:00')", '2024-01-02T00:04:05.000Z'],
    ['(col:username,opr:eq,value:!n)', null],
  ])('coerces %s', (filter, value) => {
    expect(parseListQuery(`(filters:!(${filter}))`, spec).filters[0]?.value).toEqual(value);
  });

  it('coerces every element of an in list', () => {
    expect(parseListQuery("(filters:!((col:id,opr:in,value:!(1,'2'))))", spec).filters[0]?.value).toEqual([
      1, 2,
    ]);
  });
});

describe('parseListQuery refusals', () => {
  it.each([
    ['(a:1', /^Not a valid rison argument/],
    ['(page:0', /^Not a valid rison argument/],
    ['(page:0,,)', /^Not a valid rison argument/],
    ["(a:'x)", /^Not a valid rison argument: unmatched/],
    ['!(1,2)', 'q must be an object'],
    ['page', 'q must be an object'],
    ['(pagesize:10)', "Unknown list argument 'pagesize'"],
  ])('bad rison or shape %s', (q, message) => rejects(q, message));

  it.each([
    ['(filters:(col:id))', 'filters must be a list'],
    ['(filters:!(x))', 'filters[0] must be an object'],
    ['(filters:!((col:id,opr:eq)))', "filters[0] is missing 'value'"],
    ['(filters:!((opr:eq,value:1)))', "filters[0] is missing 'col'"],
    ['(filters:!((col:id,value:1)))', "filters[0] is missing 'opr'"],
    ['(filters:!((col:password,opr:eq,value:x)))', "Filter on unknown column 'password'"],
    ['(filters:!((col:email,opr:ct,value:x)))', "Filter on unknown column 'email'"],
    ['(filters:!((col:active,opr:ct,value:x)))', "Operator 'ct' is not allowed on column 'active'"],
    ['(filters:!((col:username,opr:like,value:x)))', "Operator 'like' is not allowed on column 'username'"],
    ['(filters:!((col:id,opr:in,value:1)))', "Filter 'in' on column 'id' needs a list value"],
    [
      '(filters:!((col:id,opr:in,value:!(1,x))))',
      "Filter 'in' on column 'id' has a value that is not a number",
    ],
    ['(filters:!((col:id,opr:eq,value:!(1))))', "Filter 'eq' on column 'id' needs a single value"],
    ['(filters:!((col:id,opr:gt,value:!n)))', "Filter 'gt' on column 'id' cannot compare with null"],
    ['(filters:!((col:id,opr:eq,value:abc)))', "Filter 'eq' on column 'id' needs a number value"],
    ['(filters:!((col:active,opr:eq,value:yes)))', "Filter 'eq' on column 'active' needs a boolean value"],
    [
      '(filters:!((col:changed_on,opr:gt,value:soon)))',
      "Filter 'gt' on column 'changed_on' needs a datetime value",
    ],
  ])('bad filter %s', (q, message) => rejects(q, message));

  it.each([
    ['(order_column:email)', "Cannot order by column 'email'"],
    ['(order_column:active)', "Cannot order by column 'active'"],
    ['(order_column:id,order_direction:up)', "order_direction must be 'asc' or 'desc'"],
    ['(page:-1)', 'page must be a non-negative integer'],
    ['(page:1.5)', 'page must be a non-negative integer'],
    ["(page:'1')", 'page must be a non-negative integer'],
    ['(page_size:-5)', 'page_size must be a non-negative integer'],
    ['(page_size:0)', 'page_size must be a positive integer'],
    ['(columns:id)', 'columns must be a list'],
    ['(columns:!(id,password_hash))', "Unknown column 'password_hash' in columns"],
    ['(keys:!(everything))', "Unknown key 'everything' in keys"],
    ['(keys:list_title)', 'keys must be a list'],
  ])('bad paging, order, columns or keys %s', (q, message) => rejects(q, message));
});
