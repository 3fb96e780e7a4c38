import { describe, expect, it } from 'vitest';
import { boundaryViolations } from './featureBoundaries.ts';

const raw: Record<string, string> = import.meta.glob(['../**/*.ts', '../**/*.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The web sources keyed by their path under src (the glob names this folder's files `./x`, the rest `../x`). */
const sources = Object.fromEntries(
  Object.entries(raw).map(([path, text]) => [
    new URL(path, 'file:///src/testing/').pathname.slice('/src/'.length),
    text,
  ]),
);

describe('feature boundaries', () => {
  it('finds every kind of crossing in a sample', () => {
    const found = boundaryViolations({
      'features/dashboard/list/Page.tsx': [
        "import { DataGrid } from '../../explore/chart/DataGrid.tsx';",
        "import { TimeRangeField } from '../../explore/index.ts';",
        "import { x } from '../paths.ts';",
        "export { y } from '../../explore/screens.ts';",
        "export { z } from '../../explore/screens.page.ts';",
        "const lazy = () => import('../../charts/ChartParts.tsx');",
      ].join('\n'),
      'components/Widget.tsx': "import { roleLabel } from '../features/onboarding/index.ts';",
      'app/router.tsx': [
        "const load = () => import('../features/explore/screens.ts');",
        "const page = () => import('../features/explore/screens.page.ts');",
      ].join('\n'),
      'app/shell/Shell.tsx': [
        "import { RoleGate } from '../../features/noAccess/index.ts';",
        "import { useMenu } from '../../features/onboarding/modal/index.ts';",
      ].join('\n'),
    });
    expect(found.map(({ file, specifier }) => `${file} ${specifier}`)).toEqual([
      'features/dashboard/list/Page.tsx ../../explore/chart/DataGrid.tsx',
      'features/dashboard/list/Page.tsx ../../explore/screens.ts',
      'features/dashboard/list/Page.tsx ../../explore/screens.page.ts',
      'features/dashboard/list/Page.tsx ../../charts/ChartParts.tsx',
      'components/Widget.tsx ../features/onboarding/index.ts',
      'app/shell/Shell.tsx ../../features/onboarding/modal/index.ts',
    ]);
  });

  it('holds for the web sources', () => {
    expect(Object.keys(sources)).toEqual(
      expect.arrayContaining(['app/router.tsx', 'testing/browserStubs.ts']),
    );
    expect(boundaryViolations(sources)).toEqual([]);
  });
});
