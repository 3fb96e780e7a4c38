import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dialects } from '@vitrina/common/sql/dialects/index';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No code outside dialects/ and drivers/ names an engine: what differs between engines is a member of
 * the dialect or a capability of the driver. Comments may name engines to explain; identifiers and
 * string, template, regex and JSX text may not.
 */

const PACKAGES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every engine's names: its key, its display name and its URI schemes. */
const ENGINE_NAMES = new RegExp(
  Object.values(dialects)
    .flatMap((dialect) => [dialect.engine, dialect.displayName, ...dialect.uriSchemes])
    .join('|'),
  'i',
);

/** Folders where engine names belong. */
const ENGINE_FOLDERS = /\/(?:dialects|drivers)\//;

/** Test code builds concrete databases to run against. */
const TEST_CODE = /(?:\.test\.tsx?$|\/testing\/|\/testing\.tsx?$|\/testFixtures\.ts$)/;

/** The few other places, each with its reason. */
const ALLOWED: Record<string, string> = {
  'server/src/platform/metastore/': "the app's own store (SQLite or PostgreSQL) is platform configuration",
};

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The engine names a file's code (not its comments) holds, as `line: text`. */
function engineNamesIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isIdentifier(node) ||
      ts.isPrivateIdentifier(node) ||
      ts.isStringLiteralLike(node) ||
      ts.isTemplateLiteralToken(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node)
    ) {
      const token = node.getText(source);
      if (ENGINE_NAMES.test(token)) {
        found.push(`${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: ${token}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('engine names', () => {
  it('appear in code only in dialects/, drivers/, tests and the allowed places', () => {
    const files = fs
      .readdirSync(PACKAGES)
      .flatMap((name) => {
        const src = path.join(PACKAGES, name, 'src');
        return fs.existsSync(src) ? sourceFiles(src) : [];
      })
      .map((file) => path.relative(PACKAGES, file).split(path.sep).join('/'));
    expect(files.length).toBeGreaterThan(100);
    const leaks = files
      .filter((file) => !ENGINE_FOLDERS.test(`/${file}`) && !TEST_CODE.test(`/${file}`))
      .filter((file) => !Object.keys(ALLOWED).some((allowed) => file.startsWith(allowed)))
      .flatMap((file) => engineNamesIn(path.join(PACKAGES, file)).map((hit) => `${file}:${hit}`));
    expect(leaks).toEqual([]);
  });

  it('finds a name in code and none in comments', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-names-'));
    try {
      const file = path.join(dir, 'sample.ts');
      fs.writeFileSync(
        file,
        [
          '// A comment may say DuckDB or PostgreSQL.',
          '/* and MySQL */',
          "const language = 'clickhouse';",
          'const TrinoThing = 1;',
          'const plain = `no engine here`;',
        ].join('\n'),
      );
      expect(engineNamesIn(file)).toEqual(["3: 'clickhouse'", '4: TrinoThing']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
