/**
 * "3 days ago", as Superset's `*_humanized` fields answer (Python humanize's naturaltime, English; the UI
 * formats dates itself when it needs another language).
 */
export function humanizeSince(iso: string | null | undefined, now: Date = new Date()): string {
  if (!iso) return '';
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((now.getTime() - then) / 1000);
  const future = seconds < 0;
  const span = describe(Math.abs(seconds));
  if (span === 'now') return 'now';
  return future ? `${span} from now` : `${span} ago`;
}

function describe(seconds: number): string {
  if (seconds < 1) return 'now';
  if (seconds < 60) return seconds === 1 ? 'a second' : `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return minutes === 1 ? 'a minute' : `${minutes} minutes`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours === 1 ? 'an hour' : `${hours} hours`;
  const days = Math.floor(hours / 24);
  if (days < 30) return days === 1 ? 'a day' : `${days} days`;
  const months = Math.floor(days / 30.5);
  if (days < 365) return months <= 1 ? 'a month' : `${months} months`;
  const years = Math.floor(days / 365);
  return years === 1 ? 'a year' : `${years} years`;
}
