// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_READ_FRESH_MS, readEarlyOrNow, startEarlyRead } from './earlyReads.ts';

let reads: string[];
let answers: Map<string, () => Response>;

const json = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  reads = [];
  answers = new Map();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      reads.push(url);
      return (answers.get(url) ?? json(200, { result: reads.length }))();
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('early reads', () => {
  it('hands the read started early to the first taker, and reads anew for the next', async () => {
    startEarlyRead('/api/v1/dashboard/1', 1_000);
    startEarlyRead('/api/v1/dashboard/1', 1_001);
    expect(reads).toEqual(['/api/v1/dashboard/1']);
    await expect(readEarlyOrNow('/api/v1/dashboard/1', 1_500)).resolves.toEqual({ result: 1 });
    expect(reads).toHaveLength(1);
    await expect(readEarlyOrNow('/api/v1/dashboard/1', 1_600)).resolves.toEqual({ result: 2 });
    expect(reads).toHaveLength(2);
  });

  it('drops a read that is no longer fresh', async () => {
    startEarlyRead('/api/v1/dashboard/2', 1_000);
    await expect(readEarlyOrNow('/api/v1/dashboard/2', 1_000 + EARLY_READ_FRESH_MS)).resolves.toEqual({
      result: 2,
    });
    expect(reads).toEqual(['/api/v1/dashboard/2', '/api/v1/dashboard/2']);
  });

  it("gives the taker the early read's failure, and none goes unhandled before", async () => {
    answers.set('/api/v1/dashboard/3', json(404, { message: 'Not found' }));
    const unhandled = vi.fn();
    window.addEventListener('unhandledrejection', unhandled);
    startEarlyRead('/api/v1/dashboard/3', 1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(readEarlyOrNow('/api/v1/dashboard/3', 1_010)).rejects.toMatchObject({ status: 404 });
    window.removeEventListener('unhandledrejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
    expect(reads).toHaveLength(1);
  });
});
