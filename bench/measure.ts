/** What every benchmark measures with: the median of its runs, and a run's time and memory rise. */
import fs from 'node:fs';
import path from 'node:path';

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `fn`, sampling this process's RSS every 25 ms: its time, the peak RSS and the rise over the start. */
export async function measured(
  fn: () => Promise<void>,
): Promise<{ ms: number; peakRss: number; rise: number }> {
  const startRss = process.memoryUsage().rss;
  let peakRss = startRss;
  const timer = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 25);
  const started = performance.now();
  try {
    await fn();
  } finally {
    clearInterval(timer);
  }
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  return { ms: performance.now() - started, peakRss, rise: peakRss - startRss };
}

export const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * Starts a CPU profile of this process when `dir` is set (a bench's BENCH_CPU_PROF); the function it
 * answers stops it and writes `<dir>/<name>.cpuprofile`. Started after a bench's set-up, a profile
 * shows the measured work rather than module loading and schema compilation.
 */
export async function startCpuProfile(dir: string | undefined, name: string): Promise<() => Promise<void>> {
  if (!dir) return async () => {};
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name.replace(/[^\w.]+/g, '-')}.cpuprofile`), JSON.stringify(profile));
  };
}
