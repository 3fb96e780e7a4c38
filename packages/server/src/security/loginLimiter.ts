import { createHash } from 'node:crypto';
import type { CounterStore } from '../platform/counters/counterStore.ts';

/**
 * Sign-in attempts per client address and per account, in the shared counter store (Redis when
 * configured), so the limits hold across servers. An attempt is counted before its password is
 * checked (increment, then compare): of 40 concurrent guesses against a limit of 10, only the 10 that
 * got counts 1–10 have their password checked at all. A success gives its own attempt back, so people
 * who sign in often are not locked out; a failure keeps its place until the window is over.
 */

export interface LoginLimit {
  /** Attempts per account within the window. */
  maxFailures: number;
  /** Attempts per client address within the window; maxFailures when not given. */
  maxFailuresPerAddress?: number;
  windowSeconds: number;
}

/** What the caller may do with an attempt it has begun. */
export type LoginAttempt =
  /** Too many attempts from this address: refuse with 429 before anything else. */
  | { outcome: 'address-limited' }
  /** Too many attempts at this account: answer exactly as a wrong password would, without checking it. */
  | { outcome: 'account-locked' }
  | {
      outcome: 'check-password';
      /** The password was right: the attempt does not count against either budget. */
      succeeded(): Promise<void>;
    };

/** Usernames are hashed into the key: any text a client sends becomes a short, fixed-shape key. */
function accountKey(username: string): string {
  return `login:account:${createHash('sha256').update(username).digest('base64url')}`;
}

function addressKey(address: string): string {
  return `login:address:${address}`;
}

export function loginLimiter(counters: CounterStore, limit: LoginLimit) {
  return {
    async begin(address: string, username: string): Promise<LoginAttempt> {
      const perAddress = limit.maxFailuresPerAddress ?? limit.maxFailures;
      const byAddress = await counters.increment(addressKey(address), limit.windowSeconds);
      if (byAddress > perAddress) return { outcome: 'address-limited' };
      const byAccount = await counters.increment(accountKey(username), limit.windowSeconds);
      if (byAccount > limit.maxFailures) return { outcome: 'account-locked' };
      return {
        outcome: 'check-password',
        succeeded: async () => {
          await Promise.all([
            counters.decrement(addressKey(address)),
            counters.decrement(accountKey(username)),
          ]);
        },
      };
    },

    /** True while the account refuses sign-ins (every attempt answers as a wrong password would). */
    async isLocked(username: string): Promise<boolean> {
      return (await counters.get(accountKey(username))) >= limit.maxFailures;
    },

    /** An administrator lets the account sign in again at once. */
    async unlock(username: string): Promise<void> {
      await counters.reset(accountKey(username));
    },
  };
}
