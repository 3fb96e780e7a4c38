/**
 * The import boundaries of the web package, checked over source text (Biome's noRestrictedImports matches
 * import strings, not resolved paths, so it cannot tell `../x` inside a feature from `../x` into another one):
 * - a feature reaches another feature only through that feature's `index.ts`;
 * - a feature's `screens.ts` (its routed pages; a page whose code loads apart from its feature's other
 *   pages has a `screens.<page>.ts` of its own) is loaded only by `app/router.tsx`, with a dynamic import;
 * - shared code (`components/`, `api/`, `viz/`, `testing/`) does not depend on features.
 * Paths are relative to `packages/web/src`, with `/` separators.
 */

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.[^'"]*)['"]/g;

export interface BoundaryViolation {
  file: string;
  specifier: string;
  reason: string;
}

function resolve(file: string, specifier: string): string {
  return new URL(specifier, `file:///src/${file}`).pathname.slice('/src/'.length);
}

function featureOf(path: string): string | undefined {
  const match = /^features\/([^/]+)\//.exec(path);
  return match?.[1];
}

function isScreensModule(path: string, feature: string): boolean {
  return new RegExp(`^features/${feature}/screens(\\.\\w+)?\\.ts$`).test(path);
}

function violation(file: string, target: string): string | undefined {
  const targetFeature = featureOf(target);
  if (targetFeature === undefined) return undefined;
  const fileFeature = featureOf(file);
  if (fileFeature === targetFeature) return undefined;
  if (isScreensModule(target, targetFeature))
    return file === 'app/router.tsx' ? undefined : 'screens.ts is loaded only by app/router.tsx';
  if (fileFeature === undefined && !file.startsWith('app/')) return 'shared code does not import features';
  if (target === `features/${targetFeature}/index.ts`) return undefined;
  return `import from features/${targetFeature}/index.ts, not its internals`;
}

/** Every relative import in `sources` (path → text) that crosses a boundary. */
export function boundaryViolations(sources: Readonly<Record<string, string>>): BoundaryViolation[] {
  const found: BoundaryViolation[] = [];
  for (const [file, text] of Object.entries(sources)) {
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1]!;
      const reason = violation(file, resolve(file, specifier));
      if (reason) found.push({ file, specifier, reason });
    }
  }
  return found;
}
