import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../http/types.ts';
import { loginLimiter } from '../../security/loginLimiter.ts';
import { type Authenticated, authenticate } from './authenticate.ts';

export type SignInOutcome =
  | { outcome: 'signed-in'; user: Authenticated }
  /** Too many attempts from the client's address. */
  | { outcome: 'rate-limited' }
  /** Wrong username or password, inactive user, or a locked account: told apart by nobody. */
  | { outcome: 'invalid' };

/** The sign-in limits of this app (per address and per account, in the shared counter store). */
export function signInLimiter(ctx: AppContext) {
  return loginLimiter(ctx.platform.counters, ctx.loginRateLimit);
}

/**
 * One password sign-in, for the login form and the API alike: the attempt is counted before the
 * password is checked, so concurrent guesses cannot all slip under the limit.
 */
export async function signIn(
  ctx: AppContext,
  request: FastifyRequest,
  username: string,
  password: string,
): Promise<SignInOutcome> {
  const attempt = await signInLimiter(ctx).begin(request.ip, username);
  if (attempt.outcome === 'address-limited') return { outcome: 'rate-limited' };
  const user = await authenticate(ctx, username, password, { locked: attempt.outcome === 'account-locked' });
  if (!user) return { outcome: 'invalid' };
  if (attempt.outcome === 'check-password') await attempt.succeeded();
  return { outcome: 'signed-in', user };
}
