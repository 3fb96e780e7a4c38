import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './renderMarkdown.ts';

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists and links', () => {
    const html = renderMarkdown(
      '# Sales\n\n*fast* and **bold**\n\n- one\n- two\n\n[docs](https://example.com)',
    );
    expect(html).toContain('<h1>Sales</h1>');
    expect(html).toContain('<em>fast</em>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('href="https://example.com"');
  });

  it('drops script elements', () => {
    const html = renderMarkdown('hello <script>alert(1)</script>');
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('hello');
  });

  it('drops event handlers', () => {
    const html = renderMarkdown('<img src="/x.png" onerror="alert(1)"><a href="/a" onclick="alert(2)">a</a>');
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).toContain('src="/x.png"');
  });

  it('drops javascript: addresses in markdown and in HTML', () => {
    const html = renderMarkdown('[x](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">y</a>');
    expect(html).not.toMatch(/javascript:/i);
  });

  it('drops iframes, forms and inline styles', () => {
    const html = renderMarkdown(
      '<iframe src="https://evil.example"></iframe><form></form><p style="x">p</p>',
    );
    expect(html).not.toMatch(/<iframe|<form|style=/i);
  });
});
