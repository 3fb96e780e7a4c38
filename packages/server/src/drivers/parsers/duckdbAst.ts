import {
  asArray,
  asObject,
  asString,
  type Json,
  type JsonObject,
  type JsonVisitor,
  present,
  walkJson,
} from './json.ts';
import { CteScope, EMPTY_SHAPE, type Shape, SummaryBuilder } from './summaryBuilder.ts';
import type { ParsedStatement, StatementSummary } from './types.ts';

/** Reads DuckDB's own syntax tree of a SELECT, as `json_serialize_sql` returns it. */

const QUERY_NODES = new Set(['SELECT_NODE', 'SET_OPERATION_NODE', 'RECURSIVE_CTE_NODE', 'CTE_NODE']);

const parts = (...names: Json[]) => names.map(asString);

class Walker implements JsonVisitor<CteScope> {
  constructor(readonly found: SummaryBuilder) {}

  walk(node: Json, scope: CteScope): void {
    walkJson(node, scope, this);
  }

  object(node: JsonObject, scope: CteScope): boolean {
    const type = asString(node.type);
    const nodeClass = asString(node.class);
    if (QUERY_NODES.has(type) && 'cte_map' in node) {
      this.queryNode(node, scope);
      return true;
    }
    if (type === 'BASE_TABLE' && 'table_name' in node) this.baseTable(node, scope);
    else if (type === 'TABLE_FUNCTION') this.tableFunction(node, scope);
    else if ((nodeClass === 'FUNCTION' || nodeClass === 'WINDOW') && 'function_name' in node) {
      if (node.is_operator !== true)
        this.found.addFunction(parts(node.catalog ?? null, node.schema ?? null, node.function_name ?? null));
    } else if (nodeClass === 'PARAMETER') this.found.parameters = true;
    if (asObject(node.subquery)) this.found.subqueries++;
    if (type !== 'TABLE_FUNCTION') return false;
    // The call itself was read by tableFunction(); the rest (alias, columns…) is walked as usual.
    for (const [key, value] of Object.entries(node)) if (key !== 'function') this.walk(value, scope);
    return true;
  }

  private queryNode(node: JsonObject, scope: CteScope): void {
    if (asString(node.type) === 'SET_OPERATION_NODE') this.found.setOperations = true;
    const ctes = asArray(asObject(node.cte_map)?.map).map((entry) => asObject(entry) ?? {});
    const names = ctes.map((entry) => asString(entry.key));
    ctes.forEach((entry, i) => {
      this.found.subqueries++;
      // A CTE sees the ones before it, and itself when recursive.
      const query = asObject(asObject(entry.value)?.query);
      const recursive = asString(asObject(query?.node)?.type) === 'RECURSIVE_CTE_NODE';
      this.walk(query, scope.with(names.slice(0, recursive ? i + 1 : i)));
    });
    const inner = scope.with(names);
    for (const [key, value] of Object.entries(node)) if (key !== 'cte_map') this.walk(value, inner);
  }

  private baseTable(node: JsonObject, scope: CteScope): void {
    const table = asString(node.table_name);
    const schema = asString(node.schema_name);
    const catalog = asString(node.catalog_name);
    if (!schema && !catalog && scope.has(table)) return;
    this.found.addTable(catalog, schema, table);
  }

  private tableFunction(node: JsonObject, scope: CteScope): void {
    const call = asObject(node.function) ?? {};
    this.found.addTableFunction(parts(call.catalog ?? null, call.schema ?? null, call.function_name ?? null));
    this.walk(asArray(call.children), scope);
  }
}

const fromItems = (table: Json): number => {
  const node = asObject(table) ?? {};
  if (asString(node.type) === 'EMPTY') return 0;
  return asString(node.type) === 'JOIN' ? fromItems(node.left ?? null) + fromItems(node.right ?? null) : 1;
};

function shapeOf(root: Json): Shape {
  const node = asObject(root) ?? {};
  const otherClauses: string[] = [];
  if (asString(node.type) !== 'SELECT_NODE') return { ...EMPTY_SHAPE, otherClauses: [asString(node.type)] };
  const modifiers = asArray(node.modifiers).map((modifier) => asString(asObject(modifier)?.type));
  for (const modifier of modifiers) {
    if (modifier !== 'ORDER_MODIFIER' && modifier !== 'LIMIT_MODIFIER') otherClauses.push(modifier);
  }
  if (present(node.qualify)) otherClauses.push('QUALIFY');
  if (present(node.sample)) otherClauses.push('SAMPLE');
  if (asString(node.aggregate_handling) !== 'STANDARD_HANDLING')
    otherClauses.push(asString(node.aggregate_handling));
  if (asString(asObject(node.from_table)?.type) === 'SHOW_REF') otherClauses.push('SHOW');
  return {
    targets: asArray(node.select_list).length,
    fromItems: fromItems(node.from_table ?? null),
    where: present(node.where_clause),
    groupBy: present(node.group_expressions) || present(node.group_sets),
    having: present(node.having),
    orderBy: modifiers.includes('ORDER_MODIFIER'),
    limit: modifiers.includes('LIMIT_MODIFIER') || modifiers.includes('LIMIT_PERCENT_MODIFIER'),
    with: present(asObject(node.cte_map)?.map),
    otherClauses,
  };
}

export function summarizeDuckdb(statement: ParsedStatement, serialized: Json): StatementSummary {
  const found = new SummaryBuilder();
  const root = asObject(serialized)?.node ?? null;
  new Walker(found).walk(root, new CteScope());
  return found.build(statement, shapeOf(root));
}
