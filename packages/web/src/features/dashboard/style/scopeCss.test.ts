import { describe, expect, it } from 'vitest';
import { scopeDashboardCss } from './scopeCss.ts';

const ORIGIN = 'https://vitrina.example';
const scope = (css: string | null | undefined) =>
  scopeDashboardCss(css, { origin: ORIGIN, keyframesPrefix: 'd7-' });

describe('scopeDashboardCss', () => {
  it('answers an empty string for no CSS', () => {
    expect(scope(null)).toBe('');
    expect(scope(undefined)).toBe('');
    expect(scope('  ')).toBe('');
  });

  it('prefixes every selector with the dashboard element', () => {
    expect(scope('.chart, h1 > span { color: #333 }')).toBe(
      '.dashboard-page .chart,.dashboard-page h1>span{color:#333}',
    );
    expect(scope('* { margin: 0 }')).toBe('.dashboard-page *{margin:0}');
  });

  it('reads html, body and :root as the dashboard element', () => {
    expect(scope('body { background: #000 }')).toBe('.dashboard-page{background:#000}');
    expect(scope(':root { --accent: red }')).toBe('.dashboard-page{--accent:red}');
    expect(scope('html body .x { color: red }')).toBe('.dashboard-page .x{color:red}');
    expect(scope('body.dark .x { color: red }')).toBe('.dashboard-page body.dark .x{color:red}');
  });

  it('keeps selectors that already start at the dashboard element', () => {
    expect(scope('.dashboard-page .x { color: red }')).toBe('.dashboard-page .x{color:red}');
    expect(scope('.dashboard-page { padding: 4px }')).toBe('.dashboard-page{padding:4px}');
  });

  it('drops selectors that step from the dashboard element to its siblings', () => {
    expect(scope('body ~ nav, .ok { display: none }')).toBe('.dashboard-page .ok{display:none}');
    expect(scope('.dashboard-page + * { display: none }')).toBe('');
    expect(scope(':root ~ * { display: none }')).toBe('');
    expect(scope('.dashboard-page { & ~ * { display: none } & .in { color: red } }')).toBe(
      '.dashboard-page{& .in{color:red}}',
    );
  });

  it('keeps sibling selectors inside the dashboard', () => {
    expect(scope('.a ~ .b { color: red }')).toBe('.dashboard-page .a~.b{color:red}');
  });

  it('scopes rules inside @media and @supports, and keeps nested rules relative to their parent', () => {
    expect(scope('@media (max-width: 600px) { .x { color: red } }')).toBe(
      '@media (max-width:600px){.dashboard-page .x{color:red}}',
    );
    expect(scope('@supports (display: grid) { body { display: grid } }')).toBe(
      '@supports (display:grid){.dashboard-page{display:grid}}',
    );
    expect(scope('.x { & .y { color: red } }')).toBe('.dashboard-page .x{& .y{color:red}}');
    // Nesting without `&` is more than this parser reads: dropped rather than passed on unread.
    expect(scope('.x { color: red; .y { color: blue } }')).toBe('.dashboard-page .x{color:red}');
  });

  it('refuses @import, whatever its address or spelling', () => {
    expect(scope('@import url("https://evil.example/x.css"); .a { color: red }')).toBe(
      '.dashboard-page .a{color:red}',
    );
    expect(scope('@import "/same-origin.css"; @IMPORT url(x.css); @\\69 mport "y.css";')).toBe('');
    expect(scope('@media print { @import "x.css"; }')).toBe('@media print{}');
  });

  it('keeps same-origin and data: images, refuses addresses on other sites', () => {
    expect(scope('.a { background: url("/static/bg.png") }')).toBe(
      '.dashboard-page .a{background:url(/static/bg.png)}',
    );
    expect(scope('.a { background: url(https://vitrina.example/x.png) }')).toBe(
      '.dashboard-page .a{background:url(https://vitrina.example/x.png)}',
    );
    expect(scope('.a { background: url(data:image/png;base64,AAAA) }')).toContain('data:image/png');
    for (const address of [
      'https://evil.example/track.png',
      '//evil.example/track.png',
      '/\\\\evil.example/track.png',
      'http://vitrina.example/x.png',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      expect(scope(`.a { color: red; background: url("${address}") }`), address).toBe(
        '.dashboard-page .a{color:red}',
      );
    }
  });

  it('refuses addresses hidden in escapes, image-set() and custom properties', () => {
    expect(scope('.a { background: \\75 rl("https://evil.example/x") }')).toBe('.dashboard-page .a{}');
    expect(scope('.a { background: u\\72 l(https://evil.example/x) }')).toBe('.dashboard-page .a{}');
    expect(scope('.a { background: image-set("https://evil.example/x.png" 1x) }')).toBe(
      '.dashboard-page .a{}',
    );
    expect(scope('.a { background: image-set(var(--u) 1x) }')).toBe('.dashboard-page .a{}');
    expect(scope('.a { --bg: url(https://evil.example/x.png) }')).toBe('.dashboard-page .a{}');
    expect(scope('.a { background: image-set("/x.png" 1x) }')).toBe(
      '.dashboard-page .a{background:image-set("/x.png"1x)}',
    );
  });

  it('loads fonts from the same origin only', () => {
    expect(
      scope('@font-face { font-family: Brand; src: url(/fonts/brand.woff2) format("woff2"), local(Brand) }'),
    ).toBe('@font-face{font-family:Brand;src:url(/fonts/brand.woff2)format("woff2"),local(Brand)}');
    expect(scope('@font-face { font-family: Evil; src: url(https://fonts.evil.example/e.woff2) }')).toBe(
      '@font-face{font-family:Evil}',
    );
    expect(scope('@font-face { font-family: Inline; src: url(data:font/woff2;base64,AAAA) }')).toBe(
      '@font-face{font-family:Inline}',
    );
  });

  it('drops at-rules with page-wide effect', () => {
    for (const css of [
      '@namespace svg url(http://www.w3.org/2000/svg);',
      '@page { margin: 0 }',
      '@property --x { syntax: "<color>"; inherits: true; initial-value: red }',
      '@scope (body) { nav { display: none } }',
      '@layer base, app;',
      '@counter-style thumbs { system: cyclic; symbols: "👍"; }',
    ]) {
      expect(scope(css), css).toBe('');
    }
  });

  it('turns named layers into anonymous ones, so the app’s layer order stays as it is', () => {
    expect(scope('@layer antd { .x { color: red } }')).toBe('@layer{.dashboard-page .x{color:red}}');
  });

  it('renames its keyframes so they cannot replace the app’s', () => {
    expect(scope('@keyframes spin { from { opacity: 0 } to { opacity: 1 } } .x { animation: spin 1s }')).toBe(
      '@keyframes d7-spin{from{opacity:0}to{opacity:1}}.dashboard-page .x{animation:d7-spin 1s}',
    );
  });

  it('removes expression() and bindings', () => {
    expect(
      scope(
        '.a { width: expression(alert(1)); -moz-binding: url(x.xml#y); behavior: url(a.htc); color: red }',
      ),
    ).toBe('.dashboard-page .a{color:red}');
  });

  it('drops what the parser could not read instead of passing it on', () => {
    expect(scope('}}} .a { color: red }')).not.toMatch(/}}}/);
    expect(scope('.a { color: red; } <style> .b { color: blue }')).not.toContain('<');
    expect(scope('.a{}</style><script>alert(1)</script>')).not.toMatch(/<\s*\/\s*style/i);
  });
});
