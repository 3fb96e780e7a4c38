import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers import downward only, and no folder imports one that imports it back
 * (DESIGN.md principle 12, docs/decisions.md "Server layers"). Units of the folder graph are the
 * top-level folders, each `resources/<name>`, `flows/<name>` and `drivers/<name>`, and each root file.
 * Type-only imports count: a type is a dependency too. Test code is outside the check, but production
 * code may not import it.
 */

const SRC = path.dirname(fileURLToPath(import.meta.url));

/** Bottom → top; a file's layer is the one whose pattern matches its path under src/. */
const LAYERS: { name: string; files: RegExp }[] = [
  // The moving parts (metastore, cache, queue, …) and one driver per engine: know no business.
  { name: 'platform and drivers', files: /^(platform|drivers)\// },
  // Who may do what: principals, sessions, data access, the SQL policy; each parses its own settings.
  { name: 'security', files: /^security\// },
  // The environment read once, with the settings parsers of the layers below; they never see Config.
  { name: 'config', files: /^config\.ts$/ },
  // The app context, typed errors, schemas, list endpoints, authentication hooks.
  { name: 'http plumbing', files: /^http\// },
  // Connections to the users' databases: registry, URIs, metadata introspection.
  { name: 'connections', files: /^connections\// },
  // Kysely queries, one repo.ts per resource (a nested folder of a resource may have its own).
  { name: 'repositories', files: /^resources\/[^/]+\/(.+\/)?repo\.ts$/ },
  // Multi-step work that spans resources: chart data, SQL Lab, exports.
  { name: 'flows', files: /^flows\// },
  // Everything else in a resource: use cases, access checks, presenters, schemas.
  { name: 'services', files: /^resources\/[^/]+\/(?!(.+\/)?(repo|routes)\.ts$)/ },
  { name: 'routes', files: /^resources\/(index\.ts|.+\/routes\.ts)$/ },
  // What puts the server together and runs it: the app, start-up (the metadata store's own part
  // apart), examples, jobs, processes.
  { name: 'assembly', files: /^(app\.ts|startup\.ts|prepareMetastore\.ts|examples\/|jobs\/|processes\/)/ },
  { name: 'entry', files: /^main\.ts$/ },
];

/**
 * Imports between units that are known to go the wrong way, each with its reason and owner. An
 * entry that no import needs any more fails the test, so it is removed when the work is done.
 */
const KNOWN_EXCEPTIONS: Record<string, string> = {
  // 'flows/x -> resources/y': 'why it is still needed; owner',
};

/** Tests, their fixtures and helpers: outside the check, never imported by production code. */
const TEST_CODE = /(\.test\.ts$|\.contract\.ts$|^testing\/|(^|\/)test[A-Z][^/]*\.ts$|(^|\/)testing\.ts$)/;

interface Import {
  file: string;
  target: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

/** The files under src/ that a file imports, re-exports or loads with `import()`. */
function importsOf(file: string): Import[] {
  const text = fs.readFileSync(file, 'utf8');
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => {
      let target = path.resolve(path.dirname(file), specifier);
      if (!path.extname(target))
        target = fs.existsSync(`${target}.ts`) ? `${target}.ts` : `${target}/index.ts`;
      return { file: relative(file), target: relative(target) };
    })
    .filter((edge) => !edge.target.startsWith('..'));
}

function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  if (['resources', 'flows', 'drivers'].includes(parts[0] ?? '') && parts.length > 2) {
    return `${parts[0]}/${parts[1]}`;
  }
  return parts[0] ?? file;
}

function layerOf(file: string): string | undefined {
  return LAYERS.find((layer) => layer.files.test(file))?.name;
}

/** Strongly connected components with more than one unit (Tarjan), each sorted, as cycles. */
function cyclesOf(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, index.size);
    low.set(unit, index.get(unit) as number);
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) as number, index.get(next) as number));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return cycles;
}

/** A file's place in LAYERS; -1 when no layer matches. */
const rank = (file: string) => LAYERS.findIndex((layer) => layer.files.test(file));
const unitEdge = (edge: Import) => `${unitOf(edge.file)} -> ${unitOf(edge.target)}`;
const describeImport = (edge: Import) => `${edge.file} imports ${edge.target}`;

const productionImports = sourceFiles(SRC)
  .filter((file) => !TEST_CODE.test(relative(file)))
  .flatMap(importsOf);
const checkedImports = productionImports.filter((edge) => !(unitEdge(edge) in KNOWN_EXCEPTIONS));

/**
 * The imports of `edges` that reach a higher layer. A leaf file, one that imports nothing from src/ in
 * `all` (pure code over common and packages, such as a layout edit), may be used from any layer; it
 * takes a layer as soon as it imports one.
 */
function upwardImports(edges: Import[], all: Import[] = edges): Import[] {
  const importing = new Set(all.map((edge) => edge.file));
  return edges.filter((edge) => importing.has(edge.target) && rank(edge.target) > rank(edge.file));
}

/**
 * Where a resource or flow builds a metastore query, it does so in a repo.ts: services compose
 * conditions (`sql` fragments such as an access check) and call repositories, never `selectFrom`.
 * `security/`, `examples/`, `jobs/` and `platform/` keep their own queries by design: they sit below the
 * repositories or assemble the server, and no resource reads through them.
 */
const QUERY_BUILDERS = new Set([
  'selectFrom',
  'insertInto',
  'updateTable',
  'deleteFrom',
  'replaceInto',
  'mergeInto',
]);
const QUERIES_ONLY_IN_REPOS = /^(resources|flows)\//;

/** The query-builder calls in a source text, as `line: method`. */
function queryBuilderCalls(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const calls: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_BUILDERS.has(node.expression.name.text)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      calls.push(`${line + 1}: ${node.expression.name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return calls;
}

function unitGraph(edges: Import[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const from = unitOf(edge.file);
    const to = unitOf(edge.target);
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)?.add(to);
  }
  return graph;
}

describe('server layering', () => {
  it('finds a planted cycle and a planted upward import, so it cannot pass vacuously', () => {
    const planted: Import[] = [
      { file: 'resources/a/service.ts', target: 'resources/b/repo.ts' },
      { file: 'resources/b/repo.ts', target: 'flows/c/run.ts' },
      { file: 'flows/c/run.ts', target: 'resources/a/service.ts' },
      { file: 'flows/c/run.ts', target: 'platform/json.ts' },
    ];
    expect(cyclesOf(unitGraph(planted))).toEqual([['flows/c', 'resources/a', 'resources/b']]);
    expect(layerOf('resources/b/repo.ts')).toBe('repositories');
    expect(layerOf('resources/index.ts')).toBe('routes');
    expect(layerOf('resources/auth/oidc/routes.ts')).toBe('routes');
    expect(layerOf('resources/b/presenter.ts')).toBe('services');
    const upward: Import[] = [
      { file: 'resources/b/repo.ts', target: 'resources/b/service.ts' },
      { file: 'resources/b/repo.ts', target: 'resources/b/pureHelper.ts' },
      { file: 'resources/b/service.ts', target: 'platform/json.ts' },
    ];
    expect(upwardImports(upward)).toEqual([upward[0]]);
    expect(productionImports.length).toBeGreaterThan(500);
  });

  it('finds a planted query builder outside a repository, so the next test cannot pass vacuously', () => {
    const text =
      "// db.selectFrom('users') in a comment is no query\nconst rows = await db.selectFrom('users').selectAll().execute();";
    expect(queryBuilderCalls('resources/a/service.ts', text)).toEqual(['2: selectFrom']);
  });

  it('builds metastore queries in resources and flows only in a repo.ts', () => {
    const outside = sourceFiles(SRC)
      .map(relative)
      .filter(
        (file) => QUERIES_ONLY_IN_REPOS.test(file) && !TEST_CODE.test(file) && !/(^|\/)repo\.ts$/.test(file),
      )
      .flatMap((file) =>
        queryBuilderCalls(file, fs.readFileSync(path.join(SRC, file), 'utf8')).map(
          (call) => `${file}:${call}`,
        ),
      );
    expect(outside).toEqual([]);
  });

  it('has no folder cycles', () => {
    const graph = unitGraph(checkedImports);
    const report = cyclesOf(graph).map((cycle) => {
      const members = new Set(cycle);
      const inside = checkedImports.filter(
        (edge) =>
          unitOf(edge.file) !== unitOf(edge.target) &&
          members.has(unitOf(edge.file)) &&
          members.has(unitOf(edge.target)),
      );
      return [cycle.join(' ↔ '), ...inside.map((edge) => `  ${describeImport(edge)}`)].join('\n');
    });
    expect(report.join('\n\n')).toBe('');
  });

  it('imports only from its own layer or a lower one', () => {
    const unplaced = [...new Set(productionImports.flatMap((edge) => [edge.file, edge.target]))].filter(
      (file) => layerOf(file) === undefined,
    );
    expect(unplaced).toEqual([]);
    const upward = upwardImports(checkedImports, productionImports).map(
      (edge) => `${describeImport(edge)} (${layerOf(edge.file)} → ${layerOf(edge.target)})`,
    );
    expect(upward).toEqual([]);
  });

  it('never imports test code from production code', () => {
    const intoTests = productionImports.filter((edge) => TEST_CODE.test(edge.target)).map(describeImport);
    expect(intoTests).toEqual([]);
  });

  it('keeps only the known exceptions that some import still needs', () => {
    const cycles = cyclesOf(unitGraph(productionImports));
    const needed = (exception: string) => {
      const [from, to] = exception.split(' -> ');
      const upward = upwardImports(productionImports).some((edge) => unitEdge(edge) === exception);
      return upward || cycles.some((cycle) => cycle.includes(from ?? '') && cycle.includes(to ?? ''));
    };
    expect(Object.keys(KNOWN_EXCEPTIONS).filter((exception) => !needed(exception))).toEqual([]);
  });
});
