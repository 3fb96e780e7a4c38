import { EditOutlined } from '@ant-design/icons';
import type { StatementListItem } from '@vitrina/common';
import { Checkbox, type TableColumnsType, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStatements } from '../../api/onboarding.ts';
import { Page, RequireAdmin } from '../../components/index.ts';
import { FilteredList, type FilterField } from './FilteredList.tsx';
import { INITIAL_REQUEST_LIST, type RequestListState, requestListQuery } from './listQueries.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';
import { formatRequestDate } from './requestDate.ts';
import { roleLabels } from './roleLabel.ts';
import { StatementStateTag } from './StatementStateTag.tsx';

const fullName = (person: { first_name: string; last_name: string }) =>
  [person.first_name, person.last_name].filter(Boolean).join(' ');

const useRequestRows = (state: RequestListState) => useStatements(requestListQuery(state));

function RequestList() {
  const { t } = useTranslation();

  const fields: FilterField<RequestListState>[] = [
    { kind: 'search', key: 'id', label: t('onboarding.filters.id'), width: 140 },
    {
      kind: 'person',
      key: 'userId',
      label: t('onboarding.filters.user'),
      placeholder: `${t('onboarding.filters.user')}: ${t('onboarding.filters.all')}`,
      optionLabel: (person) => `${fullName(person)} (${person.email})`,
    },
    { kind: 'yesNo', key: 'closed', label: t('onboarding.filters.closed') },
  ];

  // User, email and roles are not sortable, as in Dodo's list.
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
        const roles = roleLabels(
          request.request_roles.map((role) => role.name),
          t,
        );
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
    <FilteredList<StatementListItem, RequestListState>
      initial={INITIAL_REQUEST_LIST}
      fields={fields}
      useRows={useRequestRows}
      columns={columns}
      emptyText={t('onboarding.noRequests')}
    />
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
