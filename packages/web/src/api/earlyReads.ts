import { api } from './client.ts';

/**
 * Reads a page starts as soon as its address is known (the router's loader), while its screen's code
 * is still loading; the screen's query then takes the read in flight instead of asking again. Each read
 * is taken once, and only while fresh: an older one is dropped and asked for anew.
 */

export const EARLY_READ_FRESH_MS = 10_000;

interface EarlyRead {
  startedAt: number;
  answer: Promise<unknown>;
}

const started = new Map<string, EarlyRead>();

/** Starts `GET path` now, unless a fresh read of it is already in flight. */
export function startEarlyRead(path: string, now = Date.now()): void {
  const current = started.get(path);
  if (current && now - current.startedAt < EARLY_READ_FRESH_MS) return;
  const answer = api.get<unknown>(path);
  // Whoever takes the read sees its failure; until then it must not count as unhandled.
  answer.catch(() => undefined);
  started.set(path, { startedAt: now, answer });
}

/** The early read of `path` when a fresh one was started (taken: the next call reads anew), else a new read. */
export function readEarlyOrNow<T>(path: string, now = Date.now()): Promise<T> {
  const read = started.get(path);
  started.delete(path);
  if (read && now - read.startedAt < EARLY_READ_FRESH_MS) return read.answer as Promise<T>;
  return api.get<T>(path);
}
