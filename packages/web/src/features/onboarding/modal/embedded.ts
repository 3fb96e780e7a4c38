/**
 * Embedded pages never show onboarding: a page inside another site's frame, or a standalone
 * (`?standalone=…`) dashboard or chart, which is how Superset pages get embedded.
 */
export function isEmbeddedPage(win: Window = window): boolean {
  let framed: boolean;
  try {
    framed = win.self !== win.top;
  } catch {
    // A cross-origin parent refuses the comparison: that is a frame too.
    framed = true;
  }
  const standalone = new URLSearchParams(win.location.search).get('standalone');
  return framed || (standalone !== null && standalone !== '0' && standalone !== 'false');
}
