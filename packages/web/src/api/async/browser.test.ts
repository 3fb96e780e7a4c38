import { describe, expect, it } from 'vitest';
import { transportFor, websocketUrlOf } from './browser.ts';

describe('the page glue', () => {
  it('opens the configured websocket on the page origin, ws:// or wss:// as the page is', () => {
    expect(websocketUrlOf('/api/v1/async_event/ws', { href: 'http://127.0.0.1:8088/dashboard/1/' })).toBe(
      'ws://127.0.0.1:8088/api/v1/async_event/ws',
    );
    expect(websocketUrlOf('', { href: 'https://bi.example.com/explore/?slice_id=3' })).toBe(
      'wss://bi.example.com/api/v1/async_event/ws',
    );
    expect(
      websocketUrlOf('wss://events.example.com/ws', { href: 'https://bi.example.com/dashboard/1/' }),
    ).toBe('wss://events.example.com/ws');
  });

  it("uses the server's transport, and polling on an embedded page and a screenshot's", () => {
    const plain = { guest: false, screenshot: false };
    expect(transportFor({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' }, plain)).toBe('ws');
    expect(transportFor(undefined, plain)).toBe('ws');
    expect(transportFor({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling' }, plain)).toBe('polling');
    expect(transportFor({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' }, { ...plain, guest: true })).toBe('polling');
    expect(transportFor({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' }, { ...plain, screenshot: true })).toBe(
      'polling',
    );
  });
});
