import { describe, expect, it, vi } from 'vitest';
import { COMMS_MESSAGE_TYPE, captureHostPort, handleHostMessage, listenForHost } from './hostChannel.ts';

describe('the embedded page talking to the SDK', () => {
  it('takes every guest token the host emits', async () => {
    const onGuestToken = vi.fn();
    const port = { postMessage: vi.fn() };
    const handlers = { onGuestToken, methods: {} };
    await handleHostMessage(
      { switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'a' } },
      port,
      handlers,
    );
    await handleHostMessage(
      { switchboardAction: 'emit', method: 'guestToken', args: { guestToken: 'b' } },
      port,
      handlers,
    );
    await handleHostMessage({ switchboardAction: 'emit', method: 'guestToken', args: {} }, port, handlers);
    expect(onGuestToken.mock.calls).toEqual([['a'], ['b']]);
    expect(port.postMessage).not.toHaveBeenCalled();
  });

  it('answers get calls with the method result, or an error for unknown and failing methods', async () => {
    const port = { postMessage: vi.fn() };
    const handlers = {
      onGuestToken: vi.fn(),
      methods: {
        getScrollSize: () => ({ width: 10, height: 20 }),
        broken: () => {
          throw new Error('no');
        },
      },
    };
    await handleHostMessage(
      { switchboardAction: 'get', method: 'getScrollSize', messageId: 'm1' },
      port,
      handlers,
    );
    await handleHostMessage({ switchboardAction: 'get', method: 'nope', messageId: 'm2' }, port, handlers);
    await handleHostMessage({ switchboardAction: 'get', method: 'broken', messageId: 'm3' }, port, handlers);
    expect(port.postMessage.mock.calls.map(([message]) => message)).toEqual([
      { switchboardAction: 'reply', messageId: 'm1', result: { width: 10, height: 20 } },
      { switchboardAction: 'error', messageId: 'm2', error: '[superset] Method "nope" is not defined' },
      { switchboardAction: 'error', messageId: 'm3', error: '[superset] Method "broken" threw an error' },
    ]);
  });

  it('keeps the first handshake that came before the screen listened, and its queued token', async () => {
    const target = new EventTarget() as unknown as Window;
    const handshake = (port: MessagePort, type = COMMS_MESSAGE_TYPE) =>
      target.dispatchEvent(
        new MessageEvent('message', { data: { type, handshake: 'port transfer' }, ports: [port] }),
      );
    captureHostPort(target);
    const first = new MessageChannel();
    const second = new MessageChannel();
    handshake(second.port2, 'other');
    handshake(first.port2);
    handshake(second.port2);
    // The host emits at once; the screen listens later.
    first.port1.postMessage({
      switchboardAction: 'emit',
      method: 'guestToken',
      args: { guestToken: 'host' },
    });
    second.port1.postMessage({
      switchboardAction: 'emit',
      method: 'guestToken',
      args: { guestToken: 'intruder' },
    });
    const onGuestToken = vi.fn();
    const stop = listenForHost(target, { onGuestToken, methods: {} });
    await vi.waitFor(() => expect(onGuestToken).toHaveBeenCalledWith('host'));
    expect(onGuestToken).not.toHaveBeenCalledWith('intruder');
    stop();
    first.port1.close();
    second.port1.close();
  });

  it('waits for a handshake that comes after the screen listens', async () => {
    const target = new EventTarget() as unknown as Window;
    const onGuestToken = vi.fn();
    const stop = listenForHost(target, { onGuestToken, methods: {} });
    const channel = new MessageChannel();
    target.dispatchEvent(
      new MessageEvent('message', {
        data: { type: COMMS_MESSAGE_TYPE, handshake: 'port transfer' },
        ports: [channel.port2],
      }),
    );
    channel.port1.postMessage({
      switchboardAction: 'emit',
      method: 'guestToken',
      args: { guestToken: 'late' },
    });
    await vi.waitFor(() => expect(onGuestToken).toHaveBeenCalledWith('late'));
    stop();
    channel.port1.close();
  });
});
