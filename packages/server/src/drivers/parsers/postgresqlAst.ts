import { asArray, asObject, asString, isObject, type Json, type JsonObject, present } from './json.ts';
import { CteScope, EMPTY_SHAPE, type Shape, SummaryBuilder } from './summaryBuilder.ts';
import type { StatementKind, StatementSummary } from './types.ts';

/** Reads PostgreSQL's own parse tree (libpg-query's JSON: each node a one-key object). */

const DATA_CHANGING = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);
const READ = new Set(['SelectStmt', 'VariableShowStmt']);
const DDL =
  /^(Create|Alter|Drop|Truncate|Grant|Revoke|Comment|Rename|Index|View|Rule|Define|CompositeType|ReassignOwned|SecLabel|RefreshMatView|Reindex|ClusterStmt)/;
const TYPE_NAMES: Record<string, string> = {
  VariableSetStmt: 'SET',
  VariableShowStmt: 'SHOW',
  TransactionStmt: 'TRANSACTION',
  ExplainStmt: 'EXPLAIN',
};

export const nodeOf = (wrapped: Json): [string, JsonObject] => {
  const [key, value] = isObject(wrapped) ? (Object.entries(wrapped)[0] ?? ['', null]) : ['', null];
  return [key, asObject(value) ?? {}];
};

/** Whether a data-changing statement (a CTE's), SELECT … INTO or FOR UPDATE hides anywhere inside. */
function writesInside(node: Json): boolean {
  if (Array.isArray(node)) return node.some(writesInside);
  if (!isObject(node)) return false;
  return Object.entries(node).some(
    ([key, value]) =>
      (DATA_CHANGING.has(key) && isObject(value)) ||
      ((key === 'intoClause' || key === 'lockingClause') && present(value)) ||
      writesInside(value),
  );
}

export function typeOf(statement: Json): string {
  const [name] = nodeOf(statement);
  return (
    TYPE_NAMES[name] ??
    name
      .replace(/Stmt$/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .toUpperCase()
  );
}

const isAnalyze = (explain: JsonObject) =>
  asArray(explain.options).some((option) => {
    const defElem = asObject(asObject(option)?.DefElem);
    if (asString(defElem?.defname) !== 'analyze') return false;
    const arg = nodeOf(defElem?.arg ?? null)[1];
    // EXPLAIN (ANALYZE false): anything but an explicit false/off runs the statement.
    return !['false', 'off', '0'].includes(
      String(arg.sval ?? arg.boolval ?? arg.ival ?? 'true').toLowerCase(),
    );
  });

export function kindOf(statement: Json): StatementKind {
  const [name, node] = nodeOf(statement);
  if (name === 'ExplainStmt') return isAnalyze(node) ? kindOf(node.query ?? null) : 'read';
  if (READ.has(name)) return writesInside(node) ? 'dml' : 'read';
  if (DATA_CHANGING.has(name)) return 'dml';
  if (name === 'CopyStmt') return node.is_from === true ? 'dml' : 'other';
  if (name === 'CreateTableAsStmt' || DDL.test(name)) return 'ddl';
  return 'other';
}

const names = (list: Json | undefined) => asArray(list).map((item) => asString(nodeOf(item)[1].sval));

class Walker {
  constructor(readonly found: SummaryBuilder) {}

  walk(node: Json, scope: CteScope): void {
    if (Array.isArray(node)) {
      for (const item of node) this.walk(item, scope);
      return;
    }
    if (!isObject(node)) return;
    if ('relname' in node) {
      this.rangeVar(node, scope);
      return;
    }
    if ('withClause' in node) {
      this.withScope(node, scope);
      return;
    }
    for (const [key, value] of Object.entries(node)) this.visit(key, value, scope);
  }

  private visit(key: string, value: Json, scope: CteScope): void {
    const body = asObject(value) ?? {};
    if (key === 'FuncCall') this.found.addFunction(names(body.funcname));
    else if (key === 'RangeFunction') this.rangeFunction(body);
    else if (key === 'RangeTableFunc') this.found.addTableFunction(['xmltable']);
    else if (key === 'JsonTable') this.found.addTableFunction(['json_table']);
    else if (key === 'SubLink' || key === 'RangeSubselect') this.found.subqueries++;
    else if (key === 'ParamRef') this.found.parameters = true;
    else if (key === 'SelectStmt' && asString(body.op) !== 'SETOP_NONE' && 'op' in body)
      this.found.setOperations = true;
    this.walk(value, scope);
  }

  private rangeFunction(node: JsonObject): void {
    for (const item of asArray(node.functions)) {
      const call = asArray(nodeOf(item)[1].items)[0];
      const [kind, body] = nodeOf(call ?? null);
      this.found.addTableFunction(kind === 'FuncCall' ? names(body.funcname) : [kind.toLowerCase()]);
    }
  }

  private rangeVar(node: JsonObject, scope: CteScope): void {
    const table = asString(node.relname);
    const schema = asString(node.schemaname);
    if (!schema && scope.has(table)) return;
    this.found.addTable(asString(node.catalogname), schema, table);
  }

  /** A statement with WITH: CTE i sees the CTEs before it (all of them when RECURSIVE). */
  private withScope(node: JsonObject, scope: CteScope): void {
    const withClause = asObject(node.withClause);
    const ctes = asArray(withClause?.ctes).map((cte) => nodeOf(cte)[1]);
    const cteNames = ctes.map((cte) => asString(cte.ctename));
    ctes.forEach((cte, i) => {
      this.found.subqueries++;
      this.walk(
        cte.ctequery ?? null,
        scope.with(withClause?.recursive === true ? cteNames : cteNames.slice(0, i)),
      );
    });
    const inner = scope.with(cteNames);
    for (const [key, value] of Object.entries(node)) if (key !== 'withClause') this.visit(key, value, inner);
  }
}

const fromItems = (item: Json): number => {
  const [name, node] = nodeOf(item);
  return name === 'JoinExpr' ? fromItems(node.larg ?? null) + fromItems(node.rarg ?? null) : 1;
};

const OTHER_CLAUSES: Record<string, string> = {
  distinctClause: 'DISTINCT',
  intoClause: 'INTO',
  windowClause: 'WINDOW',
  lockingClause: 'FOR UPDATE',
  valuesLists: 'VALUES',
  limitOffset: 'OFFSET',
};

function shapeOf(statement: Json): Shape {
  const [name, select] = nodeOf(statement);
  if (name !== 'SelectStmt') return EMPTY_SHAPE;
  const otherClauses = Object.entries(OTHER_CLAUSES)
    .filter(([key]) => present(select[key]))
    .map(([, clause]) => clause);
  if (asString(select.op) !== 'SETOP_NONE') otherClauses.push(asString(select.op).replace('SETOP_', ''));
  return {
    targets: asArray(select.targetList).length,
    fromItems: asArray(select.fromClause).reduce<number>((count, item) => count + fromItems(item), 0),
    where: present(select.whereClause),
    groupBy: present(select.groupClause),
    having: present(select.havingClause),
    orderBy: present(select.sortClause),
    limit: present(select.limitCount),
    with: present(select.withClause),
    otherClauses,
  };
}

export function summarizePg(sql: string, statement: Json): StatementSummary {
  const found = new SummaryBuilder();
  new Walker(found).walk(statement, new CteScope());
  return found.build({ sql, kind: kindOf(statement), type: typeOf(statement) }, shapeOf(statement));
}
