import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../components/index.ts';
import type { DeliverySummary } from './deliverySummary.ts';
import { runErrorLineOf } from './runErrorDisplay.ts';
import { formatInZone } from './SchedulePreview.tsx';

const ALERT_TYPE = {
  inactive: 'warning',
  neverRun: 'info',
  sent: 'success',
  error: 'error',
  onGrace: 'warning',
  notTriggered: 'info',
  working: 'info',
  skippedOverlap: 'warning',
} as const;

/** "Why didn't it send?" in words, with when it runs next. */
export function DeliverySummaryNotice({ summary, timezone }: { summary: DeliverySummary; timezone: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const { verdict, nextRun } = summary;
  const date = (value: Date | null) => (value ? format.date(value) : t('reports.history.unknownTime'));
  const text = (() => {
    switch (verdict.kind) {
      case 'error':
        return t('reports.summary.error', {
          when: date(verdict.at),
          message:
            (verdict.error && runErrorLineOf(verdict.error, i18n.language)) ?? t('reports.summary.noMessage'),
        });
      case 'onGrace':
        return t('reports.summary.onGrace', { until: date(verdict.until) });
      case 'sent':
      case 'notTriggered':
      case 'skippedOverlap':
        return t(`reports.summary.${verdict.kind}`, { when: date(verdict.at) });
      case 'working':
        return t('reports.summary.working', { since: date(verdict.since) });
      default:
        return t(`reports.summary.${verdict.kind}`);
    }
  })();
  const next = nextRun
    ? t('reports.summary.nextRun', { when: formatInZone(nextRun, timezone, i18n.language), timezone })
    : t('reports.summary.noNextRun');
  return (
    <Alert
      type={ALERT_TYPE[verdict.kind]}
      showIcon
      data-testid="delivery-summary"
      title={t('reports.summary.title')}
      description={
        <>
          <div>{text}</div>
          <div>{next}</div>
        </>
      }
    />
  );
}
