/**
 * The embedded page's side of the embedding SDK's channel (`@superset-ui/embedded-sdk`, whose
 * Switchboard speaks over a MessagePort): the host posts `{type: '__embedded_comms__', handshake:
 * 'port transfer'}` with a port, then emits `guestToken` (again before each token expires) and may ask
 * for the page's methods (`getScrollSize`, `getDataMask`…) with `get` messages answered by `reply` or
 * `error`, as Switchboard does.
 */

export const COMMS_MESSAGE_TYPE = '__embedded_comms__';

type Method = (args: unknown) => unknown;

export interface HostChannelHandlers {
  /** Every token the host sends: the first, and each refreshed one. */
  onGuestToken: (token: string) => void;
  /** What the page answers to the host's `get` calls. */
  methods: Record<string, Method>;
}

interface SwitchboardMessage {
  switchboardAction?: unknown;
  method?: unknown;
  messageId?: unknown;
  args?: unknown;
}

/** Handles one message from the host's port; answers `get` calls on the same port. */
export async function handleHostMessage(
  message: SwitchboardMessage,
  port: Pick<MessagePort, 'postMessage'>,
  handlers: HostChannelHandlers,
): Promise<void> {
  const method = typeof message.method === 'string' ? message.method : '';
  if (message.switchboardAction === 'emit') {
    if (method === 'guestToken') {
      const token = (message.args as { guestToken?: unknown } | undefined)?.guestToken;
      if (typeof token === 'string' && token !== '') handlers.onGuestToken(token);
    }
    return;
  }
  if (message.switchboardAction !== 'get') return;
  const { messageId } = message;
  const executor = handlers.methods[method];
  if (!executor) {
    port.postMessage({
      switchboardAction: 'error',
      messageId,
      error: `[superset] Method "${method}" is not defined`,
    });
    return;
  }
  try {
    port.postMessage({ switchboardAction: 'reply', messageId, result: await executor(message.args) });
  } catch {
    port.postMessage({
      switchboardAction: 'error',
      messageId,
      error: `[superset] Method "${method}" threw an error`,
    });
  }
}

type HandshakeTarget = Pick<Window, 'addEventListener' | 'removeEventListener'>;

interface Captured {
  port: MessagePort | null;
  waiting: Array<(port: MessagePort) => void>;
}

const captured = new WeakMap<HandshakeTarget, Captured>();

/**
 * Starts waiting for the host's handshake on `target` at once. The SDK sends it once, when the frame has
 * loaded, which can be before the page's code for the embedded screen has arrived: so the app calls this
 * as it starts, and the port waits (its messages queued) until the screen listens. Only the first
 * handshake is taken: a later one from another frame cannot take over.
 */
export function captureHostPort(target: HandshakeTarget): void {
  if (captured.has(target)) return;
  const state: Captured = { port: null, waiting: [] };
  captured.set(target, state);
  const onWindowMessage = (event: Event) => {
    const { data, ports } = event as MessageEvent;
    const message = data as { type?: unknown; handshake?: unknown } | null;
    if (message?.type !== COMMS_MESSAGE_TYPE || message.handshake !== 'port transfer') return;
    const [port] = ports;
    if (!port) return;
    target.removeEventListener('message', onWindowMessage);
    state.port = port;
    for (const resolve of state.waiting.splice(0)) resolve(port);
  };
  target.addEventListener('message', onWindowMessage);
}

/** Serves the host's port (now or once its handshake comes); returns a function that stops. */
export function listenForHost(target: HandshakeTarget, handlers: HostChannelHandlers): () => void {
  captureHostPort(target);
  const state = captured.get(target)!;
  let served: MessagePort | null = null;
  let stopped = false;
  const onPortMessage = (event: MessageEvent) => {
    if (served) void handleHostMessage(event.data ?? {}, served, handlers);
  };
  const serve = (port: MessagePort) => {
    if (stopped) return;
    served = port;
    port.addEventListener('message', onPortMessage);
    port.start();
  };
  if (state.port) serve(state.port);
  else state.waiting.push(serve);
  return () => {
    stopped = true;
    served?.removeEventListener('message', onPortMessage);
  };
}
