/** What every benchmark measures with: the median of its runs, and a run's time and memory rise. */

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
