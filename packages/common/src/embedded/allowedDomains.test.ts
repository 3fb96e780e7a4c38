import { describe, expect, it } from 'vitest';
import { checkAllowedDomains, splitDomains } from './allowedDomains.ts';

describe('allowed domains of an embedded dashboard', () => {
  it('keeps origins, once each, with their ports', () => {
    expect(
      checkAllowedDomains(['https://a.example/', 'https://a.example', 'http://127.0.0.1:8080', ' ']),
    ).toEqual({
      origins: ['https://a.example', 'http://127.0.0.1:8080'],
      invalid: [],
    });
  });

  it('refuses what is not a bare site address', () => {
    const written = [
      'a.example',
      'javascript:alert(1)',
      'https://a.example/path',
      'https://a.example?x=1',
      'https://user:pw@a.example',
      'ftp://a.example',
      'https://a.example#top',
    ];
    expect(checkAllowedDomains(written)).toEqual({ origins: [], invalid: written });
  });

  it('splits what a person typed on lines, commas and spaces', () => {
    expect(splitDomains('https://a.example\nhttps://b.example, https://c.example  ')).toEqual([
      'https://a.example',
      'https://b.example',
      'https://c.example',
    ]);
  });
});
