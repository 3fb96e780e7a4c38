import {
  asArray,
  asObject,
  asString,
  isObject,
  type Json,
  type JsonObject,
  type JsonVisitor,
  oneKeyEntry,
  present,
  someEntry,
  walkJson,
} from './json.ts';
import { CteScope, EMPTY_SHAPE, type Shape, SummaryBuilder } from './summaryBuilder.ts';
import type { ParsedStatement, StatementKind, StatementSummary } from './types.ts';

/**
 * Reads a datafusion-sqlparser-rs statement (serde JSON: each enum variant is a one-key object) for
 * its kind and for everything it touches, at every depth.
 */

const DML = new Set(['Insert', 'Update', 'Delete', 'Merge', 'LoadData']);
const DDL_PREFIXES = ['Create', 'Alter', 'Drop', 'Truncate', 'Grant', 'Revoke', 'Deny', 'Comment', 'Rename'];
const READ = new Set(['Query', 'ExplainTable']);

/** A unit variant (`"Commit"`) is a bare string in serde's JSON. */
const variantOf = (statement: Json): [string, JsonObject] =>
  isObject(statement) ? oneKeyEntry(statement) : [String(statement), {}];

/** `ShowTables` → `SHOW_TABLES`; a query is named by its body (SELECT, VALUES, INSERT…). */
function typeName(variant: string, body: JsonObject): string {
  if (variant === 'Query') {
    const [inner] = variantOf(body.body ?? null);
    if (inner === 'Select' || inner === 'SetOperation' || inner === 'Query') return 'SELECT';
    return typeName(inner, {});
  }
  return variant.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** Whether a data-changing statement or SELECT … INTO / FOR UPDATE hides anywhere inside. */
const writesInside = (node: Json): boolean =>
  someEntry(
    node,
    (key, value) =>
      (DML.has(key) && isObject(value)) || ((key === 'into' || key === 'locks') && present(value)),
  );

/**
 * Statements that reach outside the database: open other database files, load code or copy data to
 * and from files, stages or directories. Refused even where DML is allowed.
 */
const FILES_OR_CODE = new Set([
  'AttachDatabase',
  'AttachDuckDBDatabase',
  'DetachDuckDBDatabase',
  'Install',
  'Load',
  'LoadData',
  'Copy',
  'CopyIntoSnowflake',
  'Unload',
  'Directory',
  'ExportData',
  'List',
  'Remove',
]);

export function classifyRs(statement: Json): ParsedStatement['kind'] {
  const [variant, body] = variantOf(statement);
  if (variant === 'Explain') {
    return body.analyze === true ? classifyRs(body.statement ?? null) : 'read';
  }
  if (READ.has(variant) || variant.startsWith('Show')) return writesInside(body) ? 'dml' : 'read';
  if (DML.has(variant)) return 'dml';
  if (variant === 'Copy') return body.to === true ? 'other' : 'dml';
  if (DDL_PREFIXES.some((prefix) => variant.startsWith(prefix))) return 'ddl';
  return 'other';
}

export function describeRs(sql: string, statement: Json): ParsedStatement {
  const [variant, body] = variantOf(statement);
  return {
    sql,
    kind: classifyRs(statement) as StatementKind,
    type: typeName(variant, body),
    touchesFilesOrCode: FILES_OR_CODE.has(variant),
  };
}

const nameParts = (name: Json | undefined): string[] =>
  asArray(name).map((part) => {
    const object = asObject(part);
    const ident = asObject(object?.Identifier) ?? object;
    return asString(ident?.value);
  });

/** sqlparser-rs's Query struct (under Statement::Query, Subquery, Derived, a CTE…). */
const isQuery = (node: JsonObject) => 'body' in node && 'pipe_operators' in node;

function cteNames(query: JsonObject): string[] {
  const withClause = asObject(query.with);
  return asArray(withClause?.cte_tables).map((cte) =>
    asString(asObject(asObject(asObject(cte)?.alias)?.name)?.value),
  );
}

class Walker implements JsonVisitor<CteScope> {
  constructor(readonly found: SummaryBuilder) {}

  walk(node: Json, scope: CteScope): void {
    walkJson(node, scope, this);
  }

  object(node: JsonObject, scope: CteScope): boolean {
    if (!isQuery(node)) return false;
    this.query(node, scope);
    return true;
  }

  private query(query: JsonObject, scope: CteScope): void {
    const withClause = asObject(query.with);
    const names = cteNames(query);
    const recursive = withClause?.recursive === true;
    asArray(withClause?.cte_tables).forEach((cte, i) => {
      this.found.subqueries++;
      const visible = recursive ? names : names.slice(0, i);
      this.walk(asObject(cte)?.query ?? null, scope.with(visible));
    });
    const inner = scope.with(names);
    for (const [key, value] of Object.entries(query)) {
      if (key !== 'with' && !this.entry(key, value, inner)) this.walk(value, inner);
    }
  }

  entry(key: string, value: Json, scope: CteScope): boolean {
    const body = asObject(value);
    if (key === 'Table' && body && 'name' in body) {
      this.table(body, scope);
    } else if (key === 'Function' && body && 'name' in body) {
      // An expression call, or TableFactor::Function (a FROM item) when it carries `lateral`.
      if ('lateral' in body) this.found.addTableFunction(nameParts(body.name));
      else this.found.addFunction(nameParts(body.name));
    } else if (key === 'UNNEST' && body) {
      this.found.addTableFunction(['unnest']);
    } else if (key === 'TableFunction' && body) {
      const call = asObject(asObject(body.expr)?.Function);
      this.found.addTableFunction(call ? nameParts(call.name) : ['table']);
    } else if (key === 'SetOperation') {
      this.found.setOperations = true;
    } else if (key === 'Placeholder') {
      this.found.parameters = true;
    }
    if (!body || !isQuery(body)) return false;
    this.found.subqueries++;
    this.query(body, scope);
    return true;
  }

  /** TableFactor::Table: a base table, or a table function when written with arguments. */
  private table(table: JsonObject, scope: CteScope): void {
    const parts = nameParts(table.name);
    if (present(table.args)) {
      this.found.addTableFunction(parts);
      return;
    }
    const [name = '', schema = null, catalog = null] = [...parts].reverse();
    if (parts.length === 1 && scope.has(name)) return;
    this.found.addTable(catalog, schema, name);
  }
}

const CLAUSES: Record<string, string> = {
  distinct: 'DISTINCT',
  top: 'TOP',
  into: 'INTO',
  lateral_views: 'LATERAL VIEW',
  prewhere: 'PREWHERE',
  cluster_by: 'CLUSTER BY',
  distribute_by: 'DISTRIBUTE BY',
  sort_by: 'SORT BY',
  named_window: 'WINDOW',
  qualify: 'QUALIFY',
  connect_by: 'CONNECT BY',
  value_table_mode: 'AS VALUE',
  exclude: 'EXCLUDE',
};
const QUERY_CLAUSES: Record<string, string> = {
  fetch: 'FETCH',
  locks: 'FOR UPDATE',
  for_clause: 'FOR',
  settings: 'SETTINGS',
  format_clause: 'FORMAT',
  pipe_operators: 'PIPE',
};

function shapeOf(statement: Json): Shape {
  const [variant, query] = variantOf(statement);
  if (variant !== 'Query') return EMPTY_SHAPE;
  const [bodyKind, select] = variantOf(query.body ?? null);
  const otherClauses = Object.entries(QUERY_CLAUSES)
    .filter(([key]) => present(query[key]))
    .map(([, clause]) => clause);
  if (bodyKind !== 'Select')
    return {
      ...EMPTY_SHAPE,
      with: present(query.with),
      otherClauses: [...otherClauses, bodyKind.toUpperCase()],
    };
  for (const [key, clause] of Object.entries(CLAUSES)) if (present(select[key])) otherClauses.push(clause);
  const from = asArray(select.from);
  const groupBy = asObject(select.group_by);
  const groupExpressions = asArray(groupBy?.Expressions);
  return {
    targets: asArray(select.projection).length,
    fromItems: from.reduce<number>((count, item) => count + 1 + asArray(asObject(item)?.joins).length, 0),
    where: present(select.selection),
    groupBy:
      groupBy !== null &&
      (!('Expressions' in groupBy) || present(groupExpressions[0]) || present(groupExpressions[1])),
    having: present(select.having),
    orderBy: present(query.order_by),
    limit: present(query.limit_clause),
    with: present(query.with),
    otherClauses,
  };
}

export function summarizeRs(sql: string, statement: Json): StatementSummary {
  const found = new SummaryBuilder();
  const [variant, body] = variantOf(statement);
  const walker = new Walker(found);
  if (variant === 'Query') walker.walk(body, new CteScope());
  else walker.walk(statement, new CteScope());
  return found.build(describeRs(sql, statement), shapeOf(statement));
}
