import type { ParsedStatement, StatementSummary, TableReference } from './types.ts';

export type Shape = StatementSummary['shape'];

/** The shape of a statement that is not a plain SELECT: nothing at the top level. */
export const EMPTY_SHAPE: Shape = {
  targets: 0,
  fromItems: 0,
  where: false,
  groupBy: false,
  having: false,
  orderBy: false,
  limit: false,
  with: false,
  otherClauses: [],
};

/** Collects what an AST walk finds, de-duplicated, in the order first seen. */
export class SummaryBuilder {
  private readonly tables = new Map<string, TableReference>();
  private readonly functions = new Set<string>();
  private readonly tableFunctions = new Set<string>();
  subqueries = 0;
  setOperations = false;
  parameters = false;

  addTable(catalog: string | null, schema: string | null, table: string): void {
    const reference = { catalog: catalog || null, schema: schema || null, table };
    this.tables.set(JSON.stringify(reference), reference);
  }

  addFunction(parts: readonly string[]): void {
    this.functions.add(qualifiedName(parts));
  }

  addTableFunction(parts: readonly string[]): void {
    this.addFunction(parts);
    this.tableFunctions.add(qualifiedName(parts));
  }

  build(statement: ParsedStatement, shape: Shape): StatementSummary {
    return {
      ...statement,
      tables: [...this.tables.values()],
      functions: [...this.functions],
      tableFunctions: [...this.tableFunctions],
      subqueries: this.subqueries,
      setOperations: this.setOperations,
      shape,
      parameters: this.parameters,
    };
  }
}

const qualifiedName = (parts: readonly string[]) =>
  parts
    .filter((part) => part !== '')
    .join('.')
    .toLowerCase();

/** CTE names visible at a point of the tree; unqualified references to them are not base tables. */
export class CteScope {
  constructor(private readonly names: ReadonlySet<string> = new Set()) {}

  with(names: readonly string[]): CteScope {
    return new CteScope(new Set([...this.names, ...names.map((name) => name.toLowerCase())]));
  }

  has(name: string): boolean {
    return this.names.has(name.toLowerCase());
  }
}
