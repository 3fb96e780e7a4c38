import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Who may read /metrics: with no VITRINA_METRICS_TOKEN nobody on the main port ('disabled'); with one,
 * a caller sending `Authorization: Bearer <token>`. The comparison takes the same time whatever the guess.
 */
export function metricsAccess(
  token: string | null,
  authorization: string | undefined,
): 'allowed' | 'refused' | 'disabled' {
  if (token === null) return 'disabled';
  const sent = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  return timingSafeEqual(digest(sent), digest(token)) ? 'allowed' : 'refused';
}

const digest = (text: string) => createHash('sha256').update(text).digest();
