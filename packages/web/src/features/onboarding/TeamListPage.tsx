import { EditOutlined } from '@ant-design/icons';
import type { TeamListItem } from '@vitrina/common';
import { Button, Checkbox, Space, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useTeams } from '../../api/onboarding.ts';
import { Page, RequireAdmin } from '../../components/index.ts';
import { CreateTeamModals } from './CreateTeamModals.tsx';
import { FilteredList, type FilterField } from './FilteredList.tsx';
import { INITIAL_TEAM_LIST, type TeamListState, teamListQuery } from './listQueries.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';
import { roleLabels } from './roleLabel.ts';

const useTeamRows = (state: TeamListState) => useTeams(teamListQuery(state));

function TeamList({ creating, onCreateDone }: { creating: boolean; onCreateDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  const fields: FilterField<TeamListState>[] = [
    { kind: 'search', key: 'id', label: t('onboarding.filters.id'), width: 120 },
    { kind: 'search', key: 'name', label: t('onboarding.filters.name') },
    { kind: 'search', key: 'slug', label: t('onboarding.filters.slug') },
    { kind: 'yesNo', key: 'franchisee', label: t('onboarding.filters.franchisee') },
  ];

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
      render: (_value, team) =>
        roleLabels(
          (team.roles ?? []).map((role) => role.name ?? ''),
          t,
        ),
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
      <FilteredList<TeamListItem, TeamListState>
        initial={INITIAL_TEAM_LIST}
        fields={fields}
        useRows={useTeamRows}
        columns={columns}
        emptyText={t('onboarding.noTeams')}
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
