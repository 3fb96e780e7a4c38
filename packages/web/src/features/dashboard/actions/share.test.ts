import { describe, expect, it } from 'vitest';
import { chartExploreUrl, shareByEmailHref, toggledFullscreenSearch } from './share.ts';

describe('share links', () => {
  it('links a chart to explore', () => {
    expect(chartExploreUrl(12, 'http://bi.example')).toBe('http://bi.example/explore/?slice_id=12');
  });

  it('encodes the e-mail subject and body', () => {
    expect(shareByEmailHref('Dashboard: Sales & more', 'See http://x/?a=1&b=2')).toBe(
      'mailto:?subject=Dashboard%3A%20Sales%20%26%20more&body=See%20http%3A%2F%2Fx%2F%3Fa%3D1%26b%3D2',
    );
  });

  it('toggles standalone=1 and keeps the other parameters', () => {
    const on = toggledFullscreenSearch(new URLSearchParams('native_filters=x'));
    expect(on.toString()).toBe('native_filters=x&standalone=1');
    expect(toggledFullscreenSearch(on).toString()).toBe('native_filters=x');
  });

  it('keeps disableDomainSharding when going fullscreen and back', () => {
    const on = toggledFullscreenSearch(new URLSearchParams('disableDomainSharding=1'));
    expect(on.toString()).toBe('disableDomainSharding=1&standalone=1');
    expect(toggledFullscreenSearch(on).toString()).toBe('disableDomainSharding=1');
  });
});
