import { describe } from 'vitest';
import { counterStoreContract } from './counterStore.contract.ts';
import { MemoryCounterStore } from './memoryCounterStore.ts';

describe('MemoryCounterStore', () => {
  // One process has one store; its two "servers" are two callers of it.
  counterStoreContract(() => {
    const store = new MemoryCounterStore();
    return { a: store, b: store, close: () => store.close() };
  });
});
