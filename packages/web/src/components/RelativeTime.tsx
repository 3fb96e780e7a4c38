import { useTranslation } from 'react-i18next';
import { parseServerTime, relativeTime } from './relativeTime.ts';

/**
 * How long ago a server timestamp was, in the UI's language ("21 минуту назад"), with the exact time
 * on hover; the server's own English phrase only when there is no timestamp to read.
 */
export function RelativeTime({
  value,
  fallback,
}: {
  value: string | null | undefined;
  fallback?: string | null;
}) {
  const { i18n } = useTranslation();
  const then = value ? parseServerTime(value) : null;
  if (!then) return <>{fallback ?? ''}</>;
  return (
    <span title={then.toLocaleString(i18n.language)}>{relativeTime(then, new Date(), i18n.language)}</span>
  );
}

/** The same as text, for places that need a string (messages with the time inside). */
export function relativeTimeText(value: string | null | undefined, language: string, fallback = ''): string {
  const then = value ? parseServerTime(value) : null;
  return then ? relativeTime(then, new Date(), language) : fallback;
}
