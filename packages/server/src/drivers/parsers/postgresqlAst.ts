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

/** Whether a data-changing statement (a CTE's), SELECT … INTO or FOR UPDATE hides anywhere inside. */
const writesInside = (node: Json): boolean =>
  someEntry(
    node,
    (key, value) =>
      (DATA_CHANGING.has(key) && isObject(value)) ||
      ((key === 'intoClause' || key === 'lockingClause') && present(value)),
  );

/**
 * COPY reads and writes server files, runs programs (`PROGRAM`) or streams to the client, which no
 * path here reads; LOAD loads a shared library into the server.
 */
const FILES_OR_CODE = new Set(['CopyStmt', 'LoadStmt']);

function typeOf(statement: Json): string {
  const [name] = oneKeyEntry(statement);
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
    const arg = oneKeyEntry(defElem?.arg ?? null)[1];
    // EXPLAIN (ANALYZE false): anything but an explicit false/off runs the statement.
    return !['false', 'off', '0'].includes(
      String(arg.sval ?? arg.boolval ?? arg.ival ?? 'true').toLowerCase(),
    );
  });

function kindOf(statement: Json): StatementKind {
  const [name, node] = oneKeyEntry(statement);
  if (name === 'ExplainStmt') return isAnalyze(node) ? kindOf(node.query ?? null) : 'read';
  if (READ.has(name)) return writesInside(node) ? 'dml' : 'read';
  if (DATA_CHANGING.has(name)) return 'dml';
  if (name === 'CopyStmt') return node.is_from === true ? 'dml' : 'other';
  if (name === 'CreateTableAsStmt' || DDL.test(name)) return 'ddl';
  return 'other';
}

/** What the statement is: its kind, its type's name, and whether it reaches files or code. */
export function describePg(sql: string, statement: Json): ParsedStatement {
  return {
    sql,
    kind: kindOf(statement),
    type: typeOf(statement),
    touchesFilesOrCode: FILES_OR_CODE.has(oneKeyEntry(statement)[0]),
  };
}

const names = (list: Json | undefined) => asArray(list).map((item) => asString(oneKeyEntry(item)[1].sval));

class Walker implements JsonVisitor<CteScope> {
  constructor(readonly found: SummaryBuilder) {}

  walk(node: Json, scope: CteScope): void {
    walkJson(node, scope, this);
  }

  object(node: JsonObject, scope: CteScope): boolean {
    if ('relname' in node) this.rangeVar(node, scope);
    else if ('withClause' in node) this.withScope(node, scope);
    else return false;
    return true;
  }

  entry(key: string, value: Json): boolean {
    const body = asObject(value) ?? {};
    if (key === 'FuncCall') this.found.addFunction(names(body.funcname));
    else if (key === 'RangeFunction') this.rangeFunction(body);
    else if (key === 'RangeTableFunc') this.found.addTableFunction(['xmltable']);
    else if (key === 'JsonTable') this.found.addTableFunction(['json_table']);
    else if (key === 'SubLink' || key === 'RangeSubselect') this.found.subqueries++;
    else if (key === 'ParamRef') this.found.parameters = true;
    else if (key === 'SelectStmt' && asString(body.op) !== 'SETOP_NONE' && 'op' in body)
      this.found.setOperations = true;
    return false;
  }

  private rangeFunction(node: JsonObject): void {
    for (const item of asArray(node.functions)) {
      const call = asArray(oneKeyEntry(item)[1].items)[0];
      const [kind, body] = oneKeyEntry(call ?? null);
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
    const ctes = asArray(withClause?.ctes).map((cte) => oneKeyEntry(cte)[1]);
    const cteNames = ctes.map((cte) => asString(cte.ctename));
    ctes.forEach((cte, i) => {
      this.found.subqueries++;
      this.walk(
        cte.ctequery ?? null,
        scope.with(withClause?.recursive === true ? cteNames : cteNames.slice(0, i)),
      );
    });
    const inner = scope.with(cteNames);
    for (const [key, value] of Object.entries(node)) {
      if (key !== 'withClause' && !this.entry(key, value)) this.walk(value, inner);
    }
  }
}

const fromItems = (item: Json): number => {
  const [name, node] = oneKeyEntry(item);
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
  const [name, select] = oneKeyEntry(statement);
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
  return found.build(describePg(sql, statement), shapeOf(statement));
}
