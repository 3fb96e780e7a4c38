import { describe } from 'vitest';
import { jobQueueContract } from './jobQueue.contract.ts';
import { MemoryJobQueue } from './memoryJobQueue.ts';

describe('MemoryJobQueue', () => {
  jobQueueContract(() => new MemoryJobQueue());
});
