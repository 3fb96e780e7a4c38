import type { TeamDetail, TeamMember } from '@vitrina/common';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Divider,
  Empty,
  Flex,
  Popconfirm,
  Row,
  Spin,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { errorText } from '../../api/errors.ts';
import { type MemberCandidate, useTeam, useTeamMembership } from '../../api/onboarding.ts';
import { ErrorBox, Page, RequireAdmin, useToasts } from '../../components/index.ts';
import { EditTeamModal } from './EditTeamModal.tsx';
import { OnboardingTabs } from './OnboardingTabs.tsx';
import { formatRequestDate } from './requestDate.ts';
import { roleLabel } from './roleLabel.ts';
import { UserSearchSelect } from './UserSearchSelect.tsx';

/** 'First Last (team1, team2 | no team) email', as Dodo's member search shows people. */
function candidateLabel(person: MemberCandidate, noTeam: string): string {
  const teams = person.teams.map((team) => team.name).join(', ') || noTeam;
  return `${person.first_name} ${person.last_name} (${teams}) ${person.email}`;
}

function AddMember({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const add = useTeamMembership('add_user');
  const [picked, setPicked] = useState<MemberCandidate>();
  const noTeam = t('onboarding.team.noTeams');

  return (
    <Flex gap={8} wrap align="center">
      <UserSearchSelect
        label={t('onboarding.team.addMembers')}
        placeholder={t('onboarding.team.searchUser')}
        value={picked?.id}
        width={420}
        optionLabel={(person) => candidateLabel(person, noTeam)}
        onChange={(_id, person) => setPicked(person)}
      />
      {picked && (
        <Button
          type="primary"
          loading={add.isPending}
          onClick={() =>
            add.mutate(
              { team_id: team.id, user_id: picked.id },
              {
                onSuccess: () => {
                  addSuccessToast(t('onboarding.team.memberAdded'));
                  setPicked(undefined);
                },
                onError: (error) =>
                  addDangerToast(t('onboarding.team.addError', { error: errorText(error, t) })),
              },
            )
          }
        >
          {t('onboarding.team.addToTeam', { label: candidateLabel(picked, noTeam) })}
        </Button>
      )}
    </Flex>
  );
}

function MemberCard({ team, member }: { team: TeamDetail; member: TeamMember }) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const remove = useTeamMembership('remove_user');
  return (
    <Card
      size="small"
      title={member.username}
      actions={[
        <Popconfirm
          key="remove"
          title={t('onboarding.team.removeConfirm', { username: member.username, team: team.name })}
          okText={t('onboarding.filters.yes')}
          cancelText={t('onboarding.filters.no')}
          onConfirm={() =>
            remove.mutate(
              { team_id: team.id, user_id: member.id },
              {
                onSuccess: () => addSuccessToast(t('onboarding.team.memberRemoved')),
                onError: (error) => addDangerToast(errorText(error, t)),
              },
            )
          }
        >
          <Button danger type="link" loading={remove.isPending}>
            {t('onboarding.team.remove')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Descriptions column={1} size="small">
        <Descriptions.Item label={t('onboarding.team.username')}>{member.username}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.request.firstName')}>{member.first_name}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.request.lastName')}>{member.last_name}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.request.email')}>{member.email}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.createdOn')}>
          {formatRequestDate(member.created_on)}
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.loginCount')}>{member.login_count}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.lastLogin')}>
          {member.last_login ? formatRequestDate(member.last_login) : t('onboarding.team.never')}
        </Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

function TeamScreen({ team }: { team: TeamDetail }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  return (
    <Flex vertical gap={16}>
      <Descriptions
        title={t('onboarding.team.title')}
        extra={<Button onClick={() => setEditing(true)}>{t('onboarding.team.edit')}</Button>}
        bordered
        column={1}
        size="small"
      >
        <Descriptions.Item label={t('onboarding.team.name')}>{team.name}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.franchisee')}>
          <Checkbox checked={team.is_external} disabled />
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.slug')}>{team.slug}</Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.roles')}>
          {team.roles.map((role) => (
            <Tag key={role.id}>{roleLabel(role.name, t)}</Tag>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.team.membersCount')}>
          {team.participants.length}
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start">{t('onboarding.team.addMembers')}</Divider>
      <AddMember team={team} />
      <Divider titlePlacement="start">{t('onboarding.team.members')}</Divider>
      {team.participants.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('onboarding.team.noMembers')} />
      ) : (
        <Row gutter={[16, 16]}>
          {team.participants.map((member) => (
            <Col key={member.id} xs={24} sm={12} lg={8} xl={6}>
              <MemberCard team={team} member={member} />
            </Col>
          ))}
        </Row>
      )}
      {editing && <EditTeamModal team={team} onClose={() => setEditing(false)} />}
    </Flex>
  );
}

function TeamLoader({ id }: { id: number }) {
  const { t } = useTranslation();
  const team = useTeam(id);
  if (team.isPending) return <Spin />;
  if (team.isError) return <ErrorBox title={t('onboarding.team.notFound')} error={team.error} />;
  return <TeamScreen team={team.data} />;
}

export function TeamEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <Page title={`${t('onboarding.team.title')} #${id}`} extra={<OnboardingTabs current="teams" />}>
      <RequireAdmin>
        {Number.isInteger(id) && id > 0 ? (
          <TeamLoader id={id} />
        ) : (
          <ErrorBox title={t('onboarding.team.notFound')} message={t('onboarding.team.notFound')} />
        )}
      </RequireAdmin>
    </Page>
  );
}
