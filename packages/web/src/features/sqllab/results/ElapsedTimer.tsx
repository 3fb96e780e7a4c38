import { useEffect, useState } from 'react';

/** 'HH:MM:SS.cc', as Superset's timer shows a running query's time. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, ms);
  const hours = Math.floor(total / 3_600_000);
  const minutes = Math.floor((total % 3_600_000) / 60_000);
  const seconds = Math.floor((total % 60_000) / 1000);
  const centis = Math.floor((total % 1000) / 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(centis)}`;
}

/** Counts from `start` while running; shows the final time once `end` is known. */
export function ElapsedTimer({ start, end }: { start: number; end: number | null }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (end !== null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 100);
    return () => window.clearInterval(timer);
  }, [end]);
  return <span className="sqllab-timer">{formatElapsed((end ?? now) - start)}</span>;
}
