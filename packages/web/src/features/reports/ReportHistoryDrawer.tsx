import { SendOutlined } from '@ant-design/icons';
import type { ReportExecutionLog, ReportListItem } from '@vitrina/common';
import { Button, Drawer, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReport, useReportLogs } from '../../api/reports.ts';
import { ErrorBox, useFormat } from '../../components/index.ts';
import { DeliverySummaryNotice } from './DeliverySummaryNotice.tsx';
import { deliverySummary } from './deliverySummary.ts';
import { runErrorDisplay } from './runErrorDisplay.ts';
import { scheduleText } from './SchedulePreview.tsx';
import { StateTag } from './StateTag.tsx';
import { durationSeconds, serverTime } from './serverTime.ts';
import { useSendReportNowWithToasts } from './useReportWrites.ts';

/**
 * A schedule's run history (`GET /report/{id}/log/`), newest first: scheduled and actual times,
 * duration, state, value and error; above it, why the last run did or did not send, and the next run.
 * "Send now to me" adds a run, which the history shows once it is refreshed.
 */
export function ReportHistoryDrawer({ report, onClose }: { report: ReportListItem; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const logs = useReportLogs(report.id);
  // The grace period is only on the full schedule; the verdict needs it for "on grace until".
  const full = useReport(report.type === 'Alert' ? report.id : undefined);
  const sendNow = useSendReportNowWithToasts();
  const rows = logs.data?.result ?? [];
  const summary = deliverySummary({ ...report, grace_period: full.data?.grace_period ?? null }, rows);
  const time = (text: string | null) =>
    format.date(serverTime(text), { dateStyle: 'short', timeStyle: 'medium' });

  const columns: TableColumnsType<ReportExecutionLog> = [
    { key: 'state', title: t('reports.history.state'), render: (_v, log) => <StateTag state={log.state} /> },
    {
      key: 'scheduled',
      title: t('reports.history.scheduled'),
      render: (_v, log) => time(log.scheduled_dttm),
    },
    { key: 'start', title: t('reports.history.start'), render: (_v, log) => time(log.start_dttm) },
    {
      key: 'duration',
      title: t('reports.history.duration'),
      render: (_v, log) => {
        const seconds = durationSeconds(log.start_dttm, log.end_dttm);
        return seconds === null
          ? ''
          : t('reports.history.seconds', { seconds: format.number(seconds, { maximumFractionDigits: 1 }) });
      },
    },
    {
      key: 'value',
      title: t('reports.history.value'),
      render: (_v, log) => log.value ?? log.value_row_json ?? '',
    },
    {
      key: 'error',
      title: t('reports.history.error'),
      render: (_v, log) => {
        const shown = runErrorDisplay(log, i18n.language);
        return (
          shown && (
            <Flex vertical>
              <Typography.Text type={log.state === 'Error' ? 'danger' : 'secondary'}>
                {shown.text}
              </Typography.Text>
              {shown.detail && <Typography.Text type="secondary">{shown.detail}</Typography.Text>}
            </Flex>
          )
        );
      },
    },
  ];

  return (
    <Drawer
      open
      size={880}
      title={t('reports.history.title', { name: report.name })}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button
          icon={<SendOutlined />}
          loading={sendNow.pendingId === report.id}
          onClick={() => sendNow.send(report.id)}
        >
          {t('reports.sendNow')}
        </Button>
      }
    >
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">
          {scheduleText(report.crontab, report.timezone, i18n.language)}
        </Typography.Text>
        {!logs.isPending && <DeliverySummaryNotice summary={summary} timezone={report.timezone} />}
        {logs.isError && <ErrorBox error={logs.error} />}
        <Table<ReportExecutionLog>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={logs.isFetching}
          pagination={false}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('reports.history.empty') }}
          aria-label={t('reports.history.label')}
        />
      </Flex>
    </Drawer>
  );
}
