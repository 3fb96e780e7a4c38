import { describe } from 'vitest';
import { lockManagerContract } from './lockManager.contract.ts';
import { MemoryLockManager } from './memoryLockManager.ts';

describe('MemoryLockManager', () => {
  // One process has one manager; its two "contenders" are two callers of it.
  lockManagerContract(() => {
    const manager = new MemoryLockManager();
    return { a: manager, b: manager, close: () => manager.close() };
  });
});
