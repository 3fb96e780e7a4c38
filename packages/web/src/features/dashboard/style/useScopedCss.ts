import { useEffect, useMemo, useState } from 'react';
import type { ScopeCssOptions, scopeDashboardCss } from './scopeCss.ts';

type Scoper = typeof scopeDashboardCss;

/**
 * A dashboard's own CSS, scoped (scopeCss.ts). The CSS parser is loaded only for a dashboard that has
 * CSS — most have none, and it is a sixth of the dashboard page's own code — so such a dashboard's
 * style arrives a moment after its first paint.
 */
export function useScopedCss(css: string | null | undefined, options: ScopeCssOptions): string {
  const [scoper, setScoper] = useState<Scoper | null>(null);
  const wanted = Boolean(css?.trim());
  useEffect(() => {
    if (!wanted || scoper) return;
    let live = true;
    void import('./scopeCss.ts').then((module) => {
      if (live) setScoper(() => module.scopeDashboardCss);
    });
    return () => {
      live = false;
    };
  }, [wanted, scoper]);
  const { origin, keyframesPrefix } = options;
  return useMemo(
    () => (scoper && wanted ? scoper(css, { origin, ...(keyframesPrefix && { keyframesPrefix }) }) : ''),
    [scoper, wanted, css, origin, keyframesPrefix],
  );
}
