import { describe, expect, it } from 'vitest';
import { sanitizeCss } from './sanitizeCss.ts';

describe('sanitizeCss', () => {
  it('keeps ordinary rules', () => {
    const css = '.dashboard-header { color: #333; background: url("/static/bg.png"); }';
    expect(sanitizeCss(css)).toBe(css);
  });

  it('answers an empty string for no CSS', () => {
    expect(sanitizeCss(null)).toBe('');
    expect(sanitizeCss(undefined)).toBe('');
  });

  it('removes @import rules', () => {
    expect(sanitizeCss('@import url("https://evil.example/x.css"); .a { color: red; }')).toBe(
      ' .a { color: red; }',
    );
  });

  it('removes javascript: urls, also spelled with escapes or comments', () => {
    expect(sanitizeCss('.a { background: url(javascript:alert(1)) }')).not.toMatch(/javascript/i);
    expect(sanitizeCss('.a { background: url("\\6a avascript:alert(1)") }')).not.toMatch(/javascript/i);
    expect(sanitizeCss('.a { background: url(java/**/script:alert(1)) }')).not.toMatch(/javascript/i);
  });

  it('removes expression() and bindings', () => {
    const clean = sanitizeCss('.a { width: expression(alert(1)); -moz-binding: url(x.xml#y); }');
    expect(clean).not.toMatch(/expression\s*\(/i);
    expect(clean).not.toMatch(/binding/i);
  });

  it('removes anything that would close the style element', () => {
    const clean = sanitizeCss('.a{}</style><script>alert(1)</script>');
    expect(clean).not.toMatch(/<\s*\/\s*style/i);
  });

  it('does not let a removal join the halves of another forbidden text', () => {
    expect(sanitizeCss('@im@import x;port url(y);')).not.toMatch(/@import/i);
  });
});
