import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const MODULE = pathToFileURL(path.join(path.dirname(fileURLToPath(import.meta.url)), 'heapSizing.ts')).href;

/**
 * A child process with a steady live set (300,000 small objects) and a stream of objects that live
 * long enough to be promoted and then die — a server's requests in small — prints the largest heap V8
 * committed. Only the flag differs between the two children.
 */
const CHILD = `
import { applyHeapSizing } from ${JSON.stringify(MODULE)};
applyHeapSizing(Number(process.env.GROWING_PERCENT));
const live = [];
for (let i = 0; i < 300_000; i++) live.push({ a: i, b: 'x' + i, c: [i, i + 1] });
const ring = new Array(200_000);
let peak = 0;
for (let round = 0; round < 12; round++) {
  for (let i = 0; i < ring.length; i++) ring[i] = { a: i, b: 'y' + i + round, c: [round, i] };
  peak = Math.max(peak, process.memoryUsage().heapTotal);
}
console.log(JSON.stringify({ peak, live: live.length }));
`;

async function peakHeap(growingPercent: number): Promise<number> {
  const { stdout, stderr } = await run(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', CHILD],
    {
      env: { ...process.env, GROWING_PERCENT: String(growingPercent) },
    },
  );
  // V8 reports a flag it does not know on stderr and goes on: a newer Node without it must fail here.
  expect(stderr).toBe('');
  return (JSON.parse(stdout) as { peak: number }).peak;
}

describe('the heap sizing', () => {
  it("keeps V8's heap near the live data where V8 alone lets it grow", async () => {
    const [own, bounded] = await Promise.all([peakHeap(0), peakHeap(50)]);
    expect(bounded).toBeLessThan(own * 0.8);
  }, 60_000);
});
