import { compareEventIds, type EventBus, type StreamEvent } from '../../platform/events/eventBus.ts';

/** One event as the polling endpoint lists it and the websocket sends it: its stream id, then its fields. */
export function eventMessage(message: StreamEvent): Record<string, unknown> {
  return { id: message.id, ...(message.event as Record<string, unknown>) };
}

/** Events read per page while catching up. */
const REPLAY_PAGE = 100;

/**
 * A websocket client's events: what the channel kept after `lastId` (all of it without one), then every
 * event published from now on, each once and in order. It subscribes before it reads, so an event
 * published while the history is read is neither missed nor sent twice. Resolves with the way to stop.
 */
export async function followChannel(
  events: EventBus,
  channel: string,
  lastId: string | null,
  send: (message: StreamEvent) => void,
): Promise<() => Promise<void>> {
  let cursor = lastId;
  let replaying = true;
  const held: StreamEvent[] = [];
  const deliver = (message: StreamEvent) => {
    if (cursor !== null && compareEventIds(message.id, cursor) <= 0) return;
    cursor = message.id;
    send(message);
  };
  const unsubscribe = await events.subscribe(channel, (message) => {
    if (replaying) held.push(message);
    else deliver(message);
  });
  try {
    for (;;) {
      const page = await events.read(channel, cursor, REPLAY_PAGE);
      for (const message of page) deliver(message);
      if (page.length < REPLAY_PAGE) break;
    }
  } catch (error) {
    await unsubscribe();
    throw error;
  }
  replaying = false;
  for (const message of held.splice(0)) deliver(message);
  return unsubscribe;
}
