import { describe, expect, it } from 'vitest';
import { MemoryResultsStore } from './memoryResultsStore.ts';
import { resultsStoreContract } from './resultsStore.contract.ts';
import { ResultTooLargeError } from './resultsStore.ts';

describe('MemoryResultsStore', () => {
  resultsStoreContract(() => new MemoryResultsStore());

  it('drops the least recently used results to stay within maxBytes', async () => {
    const store = new MemoryResultsStore({ maxBytes: 1000 });
    await store.put('a', Buffer.alloc(400), 60);
    await store.put('b', Buffer.alloc(400), 60);
    await store.get('a');
    await store.put('c', Buffer.alloc(400), 60);
    expect(await store.get('b')).toBeUndefined();
    expect((await store.get('a'))?.byteLength).toBe(400);
    expect((await store.get('c'))?.byteLength).toBe(400);
  });

  it('refuses a result larger than the whole store instead of losing it silently', async () => {
    const store = new MemoryResultsStore({ maxBytes: 100 });
    await expect(store.put('big', Buffer.alloc(101), 60)).rejects.toThrow(ResultTooLargeError);
  });
});
