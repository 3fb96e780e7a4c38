/**
 * Dashboard CSS is written by its owners but shown to every viewer, so what could load or run
 * something is removed before it reaches a <style> element: `@import` rules, `url(javascript:…)`,
 * IE's `expression(…)`, `behavior`/`-moz-binding`, and anything that would close the style element.
 */
const STRIPPED_PATTERNS: readonly RegExp[] = [
  // A closing tag would end the <style> element and let the rest be parsed as HTML.
  /<\s*\/\s*style/gi,
  /@import\b[^;]*;?/gi,
  /url\s*\(\s*(['"]?)\s*(?:javascript|vbscript|data\s*:\s*text\/html)[^)]*\)/gi,
  /expression\s*\(/gi,
  /(?:-moz-binding|behavior)\s*:[^;}]*/gi,
];

/** CSS escapes (`\6a` for `j`) could spell out what the patterns look for; decode them first. */
function decodeCssEscapes(css: string): string {
  return css.replace(/\\([0-9a-fA-F]{1,6})\s?/g, (_match, hex: string) =>
    String.fromCodePoint(Number.parseInt(hex, 16)),
  );
}

export function sanitizeCss(css: string | null | undefined): string {
  if (!css) return '';
  let clean = decodeCssEscapes(css).replace(/\/\*[\s\S]*?\*\//g, '');
  // Repeat until stable: removing one match can join the halves of another.
  for (let previous = ''; previous !== clean; ) {
    previous = clean;
    for (const pattern of STRIPPED_PATTERNS) clean = clean.replace(pattern, '');
  }
  return clean;
}
