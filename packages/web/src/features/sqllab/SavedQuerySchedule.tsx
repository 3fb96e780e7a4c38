import { PauseCircleOutlined, ScheduleOutlined } from '@ant-design/icons';
import {
  nextScheduledRun,
  type QueryScheduleInfo,
  type SavedQuery,
  SCHEDULE_INFO_KEY,
  scheduleInfoProblems,
  toScheduleInfo,
} from '@vitrina/common';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { relativeTimeText } from '../../components/index.ts';
import { formatInZone, scheduleText } from '../reports/index.ts';

/** The schedule a list row's extra holds; null when it has none (or one that does not read). */
export function scheduleOf(query: SavedQuery): QueryScheduleInfo | null {
  const info = query.extra?.[SCHEDULE_INFO_KEY];
  if (info === undefined || info === null || Object.keys(scheduleInfoProblems(info)).length > 0) return null;
  return toScheduleInfo(info as Record<string, unknown>);
}

const STATE_COLOURS: Record<string, string> = {
  success: 'success',
  failed: 'error',
  timed_out: 'error',
  stopped: 'warning',
  pending: 'processing',
};

/** The saved queries list's schedule cell: when it runs, when it ran last and how that went. */
export function SavedQuerySchedule({ query }: { query: SavedQuery }) {
  const { t, i18n } = useTranslation();
  const schedule = scheduleOf(query);
  if (!schedule) return null;
  const next = nextScheduledRun(schedule, new Date());
  const state = query.last_run_state;
  return (
    <Flex vertical gap={2} data-testid="saved-query-schedule">
      <Typography.Text>
        {schedule.active ? <ScheduleOutlined /> : <PauseCircleOutlined />}{' '}
        {scheduleText(schedule.crontab, schedule.timezone, i18n.language)}
      </Typography.Text>
      <Typography.Text type="secondary">
        {!schedule.active
          ? t('sqlLab.savedQueries.schedule.paused')
          : next &&
            t('sqlLab.savedQueries.schedule.next', {
              when: formatInZone(next, schedule.timezone, i18n.language),
            })}
      </Typography.Text>
      {state ? (
        <Typography.Text type="secondary">
          {t('sqlLab.savedQueries.schedule.lastRun', {
            when: relativeTimeText(query.last_run, i18n.language),
          })}{' '}
          <Tooltip title={query.last_run_error ?? undefined}>
            <Tag color={STATE_COLOURS[state] ?? 'default'} data-state={state}>
              {t(`sqlLab.states.${state}`, { defaultValue: state })}
            </Tag>
          </Tooltip>
        </Typography.Text>
      ) : (
        <Typography.Text type="secondary">{t('sqlLab.savedQueries.schedule.notRunYet')}</Typography.Text>
      )}
    </Flex>
  );
}
