import type { DashboardDto } from '@vitrina/common';
import { Avatar, Flex, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseServerTime, relativeTime } from '../../../components/relativeTime.ts';

function fullName(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

function initials(user: { first_name: string; last_name: string }): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** The metadata line under the title: owners' avatars and names, and "Modified <when> by <name>". */
export function OwnersAndModified({ dashboard, now = new Date() }: { dashboard: DashboardDto; now?: Date }) {
  const { t, i18n } = useTranslation();
  const changedOn = parseServerTime(dashboard.changed_on);
  const when = changedOn ? relativeTime(changedOn, now, i18n.language) : dashboard.changed_on_delta_humanized;
  return (
    <Flex align="center" gap={12} wrap data-testid="dashboard-metadata">
      {dashboard.owners.length > 0 && (
        <Flex align="center" gap={6}>
          <Typography.Text type="secondary">{t('dashboardActions.owners')}:</Typography.Text>
          <Avatar.Group max={{ count: 4 }} size="small">
            {dashboard.owners.map((owner) => (
              <Tooltip key={owner.id} title={fullName(owner)}>
                <Avatar size="small">{initials(owner)}</Avatar>
              </Tooltip>
            ))}
          </Avatar.Group>
          <Typography.Text type="secondary">{dashboard.owners.map(fullName).join(', ')}</Typography.Text>
        </Flex>
      )}
      <Typography.Text type="secondary">
        {dashboard.changed_by_name
          ? t('dashboardActions.modified', { when, name: dashboard.changed_by_name })
          : t('dashboardActions.modifiedNoName', { when })}
      </Typography.Text>
    </Flex>
  );
}
