import dayjs from 'dayjs';

/**
 * A request's time as the admin screens show it: `DD/MM/YYYY HH:mm` in local time. Times stored without a
 * zone are UTC, as in Dodo's screens.
 */
export function formatRequestDate(value: string | null | undefined): string {
  if (!value) return '';
  const utc = /(Z|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const date = dayjs(utc);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : value;
}
