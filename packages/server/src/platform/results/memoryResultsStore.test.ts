import { describe, expect, it } from 'vitest';
import { MemoryResultsStore } from './memoryResultsStore.ts';
import { resultsStoreContract } from './resultsStore.contract.ts';
import { ResultTooLargeError } from './resultsStore.ts';

describe('MemoryResultsStore', () => {
  resultsStoreContract(() => new MemoryResultsStore());

  it('drops the least recently used results to stay within maxBytes', async () => {
    // Two entries of 400 bytes fit, with their keys and bookkeeping; a third does not.
    const store = new MemoryResultsStore({ maxBytes: 1400 });
    await store.put('a', Buffer.alloc(400), 60);
    await store.put('b', Buffer.alloc(400), 60);
    await store.get('a');
    await store.put('c', Buffer.alloc(400), 60);
    expect(await store.get('b')).toBeUndefined();
    expect((await store.get('a'))?.byteLength).toBe(400);
    expect((await store.get('c'))?.byteLength).toBe(400);
  });

  it('counts what each entry holds beyond its bytes, so many small results stay bounded', async () => {
    const store = new MemoryResultsStore({ maxBytes: 10_000 });
    for (let i = 0; i < 100; i++) await store.put(`result-${i}`, '{"rows":[[1]]}', 60);
    // About 280 bytes an entry: the oldest went, the newest are kept.
    expect(await store.get('result-0')).toBeUndefined();
    expect(await store.get('result-50')).toBeUndefined();
    expect((await store.get('result-99'))?.toString('utf8')).toBe('{"rows":[[1]]}');
    expect(await store.get('result-70')).toBeDefined();
  });

  it('refuses a result larger than the whole store instead of losing it silently', async () => {
    const store = new MemoryResultsStore({ maxBytes: 100 });
    await expect(store.put('big', Buffer.alloc(101), 60)).rejects.toThrow(ResultTooLargeError);
  });
});
