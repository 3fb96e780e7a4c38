/**
 * Seconds → whole milliseconds (at least 1), so fractional TTLs behave the same in memory and in
 * Redis (PX). A TTL that is not a positive number is a bug in the caller, not "keep forever".
 */
export function ttlSecondsToMs(ttlSeconds: number): number {
  return ttlMs(ttlSeconds * 1000);
}

export function ttlMs(milliseconds: number): number {
  if (!Number.isFinite(milliseconds) || milliseconds <= 0) {
    throw new RangeError(`a TTL must be a positive number, got ${milliseconds}`);
  }
  return Math.max(1, Math.ceil(milliseconds));
}
