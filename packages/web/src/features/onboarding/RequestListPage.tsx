import { EditOutlined } from '@ant-design/icons';
import type { StatementListItem } from '@vitrina/common';
import { Checkbox, Input, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStatements } from '../../api/onboarding.ts';
import { ErrorBox, ListTable, Page, RequireAdmin, useSortableList } from '../../components/index.ts';
import { INITIAL_REQUEST_LIST, type RequestListState, requestListQuery } from './listQueries.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';
import { formatRequestDate } from './requestDate.ts';
import { StatementStateTag } from './StatementStateTag.tsx';
import { UserSearchSelect } from './UserSearchSelect.tsx';
import { YesNoSelect } from './YesNoSelect.tsx';

const fullName = (person: { first_name: string; last_name: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

function RequestList() {
  const { t } = useTranslation();
  const [state, setState] = useState<RequestListState>(INITIAL_REQUEST_LIST);
  const requests = useStatements(requestListQuery(state));
  const table = useSortableList<StatementListItem, RequestListState>(
    state,
    setState,
    INITIAL_REQUEST_LIST,
    requests.data?.count ?? 0,
  );
  const filter = (changes: Partial<RequestListState>) =>
    setState((current) => ({ ...current, ...changes, page: 0 }));

  const columns: TableColumnsType<StatementListItem> = [
    { key: 'id', dataIndex: 'id', title: t('onboarding.requestColumns.id'), sorter: true },
    {
      key: 'user',
      title: t('onboarding.requestColumns.user'),
      render: (_value, request) => fullName(request.user),
    },
    {
      key: 'email',
      title: t('onboarding.requestColumns.email'),
      render: (_value, request) => request.user.email,
    },
    {
      key: 'requestedRoles',
      title: t('onboarding.requestColumns.requestedRoles'),
      render: (_value, request) => {
        const roles = request.request_roles.map((role) => role.name).join(', ');
        return (
          <Tooltip title={roles}>
            <span>{roles}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'team',
      title: t('onboarding.requestColumns.team'),
      sorter: true,
      render: (_value, request) => {
        const team = `${request.team} (${request.team_slug})`;
        return (
          <Tooltip title={team}>
            <span>{team}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'created_datetime',
      title: t('onboarding.requestColumns.requestDate'),
      sorter: true,
      render: (_value, request) => formatRequestDate(request.created_datetime),
    },
    {
      key: 'finished',
      title: t('onboarding.requestColumns.closed'),
      sorter: true,
      render: (_value, request) => <Checkbox checked={request.finished} disabled />,
    },
    {
      key: 'state',
      title: t('onboarding.requestColumns.state'),
      sorter: true,
      render: (_value, request) => <StatementStateTag state={request.state} />,
    },
    {
      key: 'actions',
      title: t('onboarding.requestColumns.actions'),
      render: (_value, request) => (
        <Link to={`/onboarding/request/edit/${request.id}`} aria-label={`${t('common.edit')} ${request.id}`}>
          <EditOutlined />
        </Link>
      ),
    },
  ];

  return (
    <>
      <Space wrap>
        <Input.Search
          allowClear
          aria-label={t('onboarding.filters.id')}
          placeholder={t('onboarding.filters.id')}
          style={{ width: 140 }}
          onSearch={(id) => filter({ id })}
        />
        <UserSearchSelect
          label={t('onboarding.filters.user')}
          placeholder={`${t('onboarding.filters.user')}: ${t('onboarding.filters.all')}`}
          value={state.userId}
          onChange={(userId) => filter({ userId })}
          optionLabel={(person) => `${fullName(person)} (${person.email})`}
        />
        <YesNoSelect
          label={t('onboarding.filters.closed')}
          value={state.closed}
          onChange={(closed) => filter({ closed })}
        />
      </Space>
      {requests.isError && <ErrorBox error={requests.error} />}
      <ListTable<StatementListItem>
        rowKey="id"
        columns={table.withSortOrder(columns)}
        dataSource={requests.data?.result ?? []}
        loading={requests.isFetching}
        emptyText={t('onboarding.noRequests')}
        pagination={table.pagination}
        onChange={table.onChange}
      />
    </>
  );
}

export function RequestListPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('onboarding.tabs.requests')} extra={<OnboardingTabs current="requests" />}>
      <RequireAdmin>
        <RequestList />
      </RequireAdmin>
    </Page>
  );
}
