import { TooManyRequestsError } from '../../http/errors.ts';
import type { AppContext } from '../../http/types.ts';

/**
 * Failed logins per client address, counted in the shared cache so every server sees the same
 * count. Only failures count: a successful login must not reset an attacker's budget.
 */
export function loginAttempts(ctx: AppContext) {
  const { maxFailures, windowSeconds } = ctx.loginRateLimit;
  const key = (address: string) => `login-failures:${address}`;
  return {
    async assertAllowed(address: string): Promise<void> {
      const failures = (await ctx.platform.cache.get<number>(key(address))) ?? 0;
      if (failures >= maxFailures) throw new TooManyRequestsError(windowSeconds);
    },
    async recordFailure(address: string): Promise<void> {
      await ctx.platform.cache.increment(key(address), windowSeconds);
    },
  };
}
