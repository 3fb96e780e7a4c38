import { crontabProblem, humanizeCrontab, isKnownTimeZone, nextRunTimes } from '@vitrina/common';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/index.ts';

/** The crontab in words in the UI language, with its zone, e.g. 'At 09:00 AM (Europe/Moscow)'. */
export function scheduleText(crontab: string, timezone: string, language: string): string {
  return `${humanizeCrontab(crontab, language === 'ru' ? 'ru' : 'en')} (${timezone})`;
}

/** A run instant shown in the schedule's own zone, which is how the schedule reads. */
export function formatInZone(date: Date, timeZone: string, language: string): string {
  try {
    return formatDate(date, language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  } catch {
    return formatDate(date, language);
  }
}

/** Under the schedule field: what the crontab means and when it runs next; nothing while it is invalid. */
export function SchedulePreview({ crontab, timezone }: { crontab: string; timezone: string }) {
  const { t, i18n } = useTranslation();
  if (crontabProblem(crontab) !== null || !isKnownTimeZone(timezone)) return null;
  const next = nextRunTimes(crontab, timezone, new Date(), 1)[0];
  return (
    <Typography.Text type="secondary" data-testid="schedule-preview">
      {scheduleText(crontab, timezone, i18n.language)}
      {next && ` · ${t('reports.schedule.nextRun', { when: formatInZone(next, timezone, i18n.language) })}`}
    </Typography.Text>
  );
}
