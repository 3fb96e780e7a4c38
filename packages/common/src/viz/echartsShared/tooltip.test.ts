import { describe, expect, it } from 'vitest';
import { escapeHtml, tooltipHtml } from './tooltip.ts';

describe('tooltip html', () => {
  it('escapes data and builds a titled table with series dots', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = tooltipHtml([['<b>', '1']], 'T&C', ['#ff0000']);
    expect(html).toContain('T&amp;C');
    expect(html).toContain('&lt;b&gt;');
    expect(html).toContain('background-color:#ff0000');
    expect(html).not.toContain('<b>');
    expect(tooltipHtml([], 'only')).toBe('<div style="font-weight:600;margin-bottom:4px">only</div>');
  });

  it('clamps the title and the labels to 40 characters, never the values', () => {
    const long = `${'Region '.repeat(8)}end`;
    const value = '1234567890'.repeat(5);
    const html = tooltipHtml([[long, value]], long);
    expect(html).toContain(`${long.slice(0, 39)}…`);
    expect(html).not.toContain('end<');
    expect(html).toContain(value);
  });
});
