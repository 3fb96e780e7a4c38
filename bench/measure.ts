/** What every benchmark measures with: the median of its runs, and a run's time and memory rise. */
import fs from 'node:fs';
import http from 'node:http';
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

/** A latency case: the subject and its baseline, each timed the same way. */
export interface LatencyCase {
  name: string;
  subject: () => Promise<void>;
  base: () => Promise<void>;
}

/**
 * Runs the cases whose name holds BENCH_ONLY (all without it): a warm-up of each side, then `runs`
 * interleaved runs of subject and baseline (BENCH_CPU_PROF=<dir>: profiled), and prints
 * median(subject) / median(baseline) against `baseName`.
 */
export async function compareLatency(
  cases: readonly LatencyCase[],
  runs: number,
  baseName: string,
): Promise<void> {
  const only = process.env.BENCH_ONLY;
  for (const { name, subject, base } of cases.filter((each) => !only || each.name.includes(only))) {
    await subject();
    await base();
    const stopProfile = await startCpuProfile(process.env.BENCH_CPU_PROF, name);
    const subjectTimes: number[] = [];
    const baseTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      subjectTimes.push((await measured(subject)).ms);
      baseTimes.push((await measured(base)).ms);
    }
    await stopProfile();
    const s = median(subjectTimes);
    const b = median(baseTimes);
    console.log(
      `${name.padEnd(34)} ${(s / b).toFixed(2).padStart(7)}× ${baseName}   [${s.toFixed(1)} ms vs ${b.toFixed(1)} ms]`,
    );
  }
}

/**
 * POSTs JSON to the bench's own server over a real socket (`agent`: keep-alive) and reads the answer
 * whole as text, as a client does before using it; rejects on any status but 200.
 */
export function postJsonOverHttp(
  target: { port: number; agent: http.Agent; headers: Record<string, string> },
  path: string,
  payload: unknown,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(payload);
    const request = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path,
        method: 'POST',
        agent: target.agent,
        headers: {
          ...target.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (response.statusCode === 200) resolve(text);
          else reject(new Error(`${path}: ${response.statusCode} ${text.slice(0, 500)}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
