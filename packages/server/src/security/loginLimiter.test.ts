import { describe, expect, it } from 'vitest';
import { MemoryCounterStore } from '../platform/counters/memoryCounterStore.ts';
import { loginLimiter } from './loginLimiter.ts';

describe('loginLimiter', () => {
  it('limits an account and an address each by its own number', async () => {
    const limiter = loginLimiter(new MemoryCounterStore(), {
      maxFailures: 2,
      maxFailuresPerAddress: 4,
      windowSeconds: 60,
    });
    const outcomes = [];
    for (const username of ['ann', 'ann', 'ann', 'bob', 'bob', 'cid']) {
      outcomes.push((await limiter.begin('10.0.0.1', username)).outcome);
    }
    expect(outcomes).toEqual([
      'check-password',
      'check-password',
      'account-locked',
      'check-password',
      'address-limited',
      'address-limited',
    ]);
    expect(await limiter.isLocked('ann')).toBe(true);
    expect(await limiter.isLocked('bob')).toBe(false);
    expect((await limiter.begin('10.0.0.2', 'ann')).outcome).toBe('account-locked');
    await limiter.unlock('ann');
    expect(await limiter.isLocked('ann')).toBe(false);
    expect((await limiter.begin('10.0.0.2', 'ann')).outcome).toBe('check-password');
  });

  it('gives a successful attempt back to both budgets', async () => {
    const limiter = loginLimiter(new MemoryCounterStore(), { maxFailures: 1, windowSeconds: 60 });
    for (let i = 0; i < 5; i++) {
      const attempt = await limiter.begin('10.0.0.3', 'dee');
      if (attempt.outcome !== 'check-password') throw new Error(`attempt ${i}: ${attempt.outcome}`);
      await attempt.succeeded();
    }
    expect(await limiter.isLocked('dee')).toBe(false);
  });
});
