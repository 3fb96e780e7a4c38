import type { StatementListItem } from '@vitrina/common';
import { Card, Descriptions, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMyStatements, useMyTeam, useOnboarding } from '../../api/onboarding.ts';
import { ErrorBox } from '../../components/index.ts';
import { formatRequestDate } from './requestDate.ts';
import { roleLabels } from './roleLabel.ts';
import { StatementStateTag } from './StatementStateTag.tsx';

/** The profile's team, role in the company and the person's own access requests with their state. */
export function ProfileOnboardingSection() {
  const { t } = useTranslation();
  const myTeam = useMyTeam();
  const onboarding = useOnboarding();
  const statements = useMyStatements();

  const columns: TableColumnsType<StatementListItem> = [
    { key: 'id', dataIndex: 'id', title: t('onboarding.requestColumns.id') },
    {
      key: 'team',
      title: t('onboarding.requestColumns.team'),
      render: (_value, request) => `${request.team} (${request.team_slug})`,
    },
    {
      key: 'roles',
      title: t('onboarding.requestColumns.requestedRoles'),
      render: (_value, request) =>
        roleLabels(
          request.request_roles.map((role) => role.name),
          t,
        ),
    },
    {
      key: 'created',
      title: t('onboarding.requestColumns.requestDate'),
      render: (_value, request) => formatRequestDate(request.created_datetime),
    },
    {
      key: 'state',
      title: t('onboarding.requestColumns.state'),
      render: (_value, request) => <StatementStateTag state={request.state} />,
    },
    {
      key: 'comment',
      title: t('onboarding.request.comment'),
      render: (_value, request) => request.decision_comment ?? '',
    },
  ];

  return (
    <Card title={t('onboarding.profile.title')} style={{ marginTop: 16 }}>
      <Descriptions column={1} bordered size="middle" styles={{ label: { width: 200 } }}>
        <Descriptions.Item label={t('onboarding.profile.team')}>
          {myTeam.isError ? (
            <ErrorBox error={myTeam.error} />
          ) : (
            <span data-testid="profile-team">
              {myTeam.data ? (myTeam.data.team ?? t('onboarding.profile.noTeam')) : ''}
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.profile.dodoRole')}>
          <span data-testid="profile-dodo-role">
            {onboarding.data ? (onboarding.data.dodo_role ?? t('onboarding.profile.notSet')) : ''}
          </span>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('onboarding.profile.requests')}
      </Typography.Title>
      {statements.isError && <ErrorBox error={statements.error} />}
      <Table<StatementListItem>
        data-testid="profile-requests"
        size="small"
        rowKey="id"
        pagination={false}
        loading={statements.isPending}
        columns={columns}
        dataSource={statements.data ?? []}
        locale={{ emptyText: t('onboarding.profile.noRequests') }}
      />
    </Card>
  );
}
