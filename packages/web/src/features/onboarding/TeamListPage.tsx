import { EditOutlined } from '@ant-design/icons';
import type { TeamListItem } from '@vitrina/common';
import { Button, Checkbox, Input, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useTeams } from '../../api/onboarding.ts';
import { ErrorBox, ListTable, Page, RequireAdmin, useSortableList } from '../../components/index.ts';
import { CreateTeamModals } from './CreateTeamModals.tsx';
import { INITIAL_TEAM_LIST, type TeamListState, teamListQuery } from './listQueries.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';
import { YesNoSelect } from './YesNoSelect.tsx';

function TeamList({ creating, onCreateDone }: { creating: boolean; onCreateDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<TeamListState>(INITIAL_TEAM_LIST);
  const teams = useTeams(teamListQuery(state));
  const table = useSortableList<TeamListItem, TeamListState>(
    state,
    setState,
    INITIAL_TEAM_LIST,
    teams.data?.count ?? 0,
  );
  const filter = (changes: Partial<TeamListState>) =>
    setState((current) => ({ ...current, ...changes, page: 0 }));

  const columns: TableColumnsType<TeamListItem> = [
    { key: 'id', dataIndex: 'id', title: t('onboarding.teamColumns.id'), sorter: true },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('onboarding.teamColumns.name'),
      sorter: true,
      render: (name: string) => (
        <Tooltip title={name}>
          <span>{name}</span>
        </Tooltip>
      ),
    },
    { key: 'slug', dataIndex: 'slug', title: t('onboarding.teamColumns.slug'), sorter: true },
    {
      key: 'roles',
      title: t('onboarding.teamColumns.roles'),
      render: (_value, team) => (team.roles ?? []).map((role) => role.name).join(', '),
    },
    {
      key: 'member_count',
      dataIndex: 'member_count',
      title: t('onboarding.teamColumns.members'),
      sorter: true,
    },
    {
      key: 'is_external',
      dataIndex: 'is_external',
      title: t('onboarding.teamColumns.franchisee'),
      sorter: true,
      render: (external: boolean) => <Checkbox checked={external} disabled />,
    },
    {
      key: 'actions',
      title: t('onboarding.teamColumns.actions'),
      render: (_value, team) => (
        <Link to={`/onboarding/team/edit/${team.id}`} aria-label={`${t('common.edit')} ${team.name}`}>
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
          style={{ width: 120 }}
          onSearch={(id) => filter({ id })}
        />
        <Input.Search
          allowClear
          aria-label={t('onboarding.filters.name')}
          placeholder={t('onboarding.filters.name')}
          style={{ width: 200 }}
          onSearch={(name) => filter({ name })}
        />
        <Input.Search
          allowClear
          aria-label={t('onboarding.filters.slug')}
          placeholder={t('onboarding.filters.slug')}
          style={{ width: 200 }}
          onSearch={(slug) => filter({ slug })}
        />
        <YesNoSelect
          label={t('onboarding.filters.franchisee')}
          value={state.franchisee}
          onChange={(franchisee) => filter({ franchisee })}
        />
      </Space>
      {teams.isError && <ErrorBox error={teams.error} />}
      <ListTable<TeamListItem>
        rowKey="id"
        columns={table.withSortOrder(columns)}
        dataSource={teams.data?.result ?? []}
        loading={teams.isFetching}
        emptyText={t('onboarding.noTeams')}
        pagination={table.pagination}
        onChange={table.onChange}
      />
      {creating && (
        <CreateTeamModals
          start={{}}
          onClose={onCreateDone}
          onCreated={(team) => {
            onCreateDone();
            navigate(`/onboarding/team/edit/${team.id}`);
          }}
        />
      )}
    </>
  );
}

export function TeamListPage() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  return (
    <Page
      title={t('onboarding.tabs.teams')}
      extra={
        <Space>
          <OnboardingTabs current="teams" />
          <Button onClick={() => setCreating(true)}>{t('onboarding.createTeam.create')}</Button>
        </Space>
      }
    >
      <RequireAdmin>
        <TeamList creating={creating} onCreateDone={() => setCreating(false)} />
      </RequireAdmin>
    </Page>
  );
}
