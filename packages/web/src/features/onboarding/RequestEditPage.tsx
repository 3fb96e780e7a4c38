import {
  acceptTypedTeamName,
  isValidNewTeamName,
  type StatementDetail,
  type TeamListItem,
  teamDisplayName,
  teamSlug,
  typedPartOfName,
} from '@vitrina/common';
import {
  AutoComplete,
  Button,
  Checkbox,
  Col,
  Descriptions,
  Divider,
  Flex,
  Row,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { searchTeams, useStatement } from '../../api/onboarding.ts';
import { ErrorBox, Page, RequireAdmin } from '../../components/index.ts';
import { CreateTeamModals } from './CreateTeamModals.tsx';
import { DeclineModal } from './DeclineModal.tsx';
import { useTeamSearch } from './modal/useTeamSearch.ts';
import { OnboardingTabs } from './OnboardingTabs.tsx';
import { formatRequestDate } from './requestDate.ts';
import { roleLabel } from './roleLabel.ts';
import { StatementStateTag } from './StatementStateTag.tsx';
import { type ApprovalTeam, UserUpdateModal } from './UserUpdateModal.tsx';

const TEAM_TAG_COLOR = '#ff6900';
const OPTION_PREFIX = '#';

type TeamPick = { kind: 'existing'; team: ApprovalTeam } | { kind: 'typed'; typed: string };
type Dialog = 'create' | 'update' | 'decline' | undefined;

const asApprovalTeam = (team: Pick<TeamListItem, 'name' | 'slug' | 'roles'>): ApprovalTeam => ({
  name: team.name ?? '',
  slug: team.slug ?? '',
  roles: (team.roles ?? []).map((role) => role.name ?? ''),
});

/** The team the request names: the existing one, or its typed part for a new one. */
function initialPick(request: StatementDetail): TeamPick {
  if (request.existing_team) return { kind: 'existing', team: asApprovalTeam(request.existing_team) };
  return { kind: 'typed', typed: typedPartOfName(request.team, request.is_external) ?? '' };
}

function RequestDetails({ request }: { request: StatementDetail }) {
  const { t } = useTranslation();
  const person = request.requester;
  const roleTags = (names: string[]) => names.map((name) => <Tag key={name}>{roleLabel(name, t)}</Tag>);
  return (
    <Descriptions title={t('onboarding.request.title')} bordered column={2} size="small">
      <Descriptions.Item label={t('onboarding.request.userFrom')}>
        {t(request.is_external ? 'onboarding.origin.franchisee' : 'onboarding.origin.managingCompany')}
      </Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.firstName')}>{person.first_name}</Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.lastName')}>{person.last_name}</Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.email')}>{person.email}</Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.dodoRole')}>{person.dodo_role ?? ''}</Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.currentRoles')}>
        <span data-testid="request-current-roles">{roleTags(person.roles.map((role) => role.name))}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.requestedRoles')}>
        {roleTags(request.request_roles.map((role) => role.name))}
      </Descriptions.Item>
      <Descriptions.Item
        label={t('onboarding.request.team')}
      >{`${request.team} (${request.team_slug})`}</Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.closed')}>
        <Checkbox checked={request.finished} disabled />
      </Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.state')}>
        <StatementStateTag state={request.state} />
      </Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.requestDate')}>
        {formatRequestDate(request.created_datetime)}
      </Descriptions.Item>
      <Descriptions.Item label={t('onboarding.request.updateDate')}>
        {formatRequestDate(request.last_changed_datetime)}
      </Descriptions.Item>
      {request.decided_by && (
        <Descriptions.Item label={t('onboarding.request.decidedBy')}>
          {`${request.decided_by.first_name} ${request.decided_by.last_name}`}
        </Descriptions.Item>
      )}
      {request.decision_comment && (
        <Descriptions.Item label={t('onboarding.request.comment')}>
          {request.decision_comment}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

function HelpTables() {
  const { t } = useTranslation();
  const naming = [
    {
      key: 'cLevel',
      when: t('onboarding.request.help.cLevel'),
      give: t('onboarding.request.help.cLevelGive'),
    },
    {
      key: 'franchisee',
      when: t('onboarding.request.help.franchisee'),
      give: t('onboarding.request.help.franchiseeGive'),
    },
    {
      key: 'company',
      when: t('onboarding.request.help.company'),
      give: t('onboarding.request.help.companyGive'),
    },
  ];
  const roles = [
    { key: 'readonly', title: t('onboarding.request.roleHelp.check'), role: 'readonly' },
    { key: 'create', title: t('onboarding.request.roleHelp.create'), role: 'Create data' },
    { key: 'visualize', title: t('onboarding.request.roleHelp.visualize'), role: 'Vizualize data' },
  ];
  return (
    <>
      <Col xs={24} lg={8}>
        <Table
          size="small"
          pagination={false}
          showHeader={false}
          rowKey="key"
          dataSource={naming}
          columns={[
            { key: 'when', dataIndex: 'when' },
            { key: 'give', dataIndex: 'give' },
          ]}
        />
      </Col>
      <Col xs={24} lg={8}>
        <Flex vertical gap={8}>
          {roles.map((item) => (
            <div key={item.key}>
              <Typography.Text strong>{item.title}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {t(`onboarding.useCase.${item.role}.description`)}
              </Typography.Text>
            </div>
          ))}
        </Flex>
      </Col>
    </>
  );
}

function RequestScreen({ request }: { request: StatementDetail }) {
  const { t } = useTranslation();
  const [pick, setPick] = useState<TeamPick>(() => initialPick(request));
  const [dialog, setDialog] = useState<Dialog>();
  const searchText = pick.kind === 'typed' ? pick.typed : '';
  const found = useTeamSearch(searchText, request.is_external, searchTeams);
  const closed = request.finished;

  const newTeam =
    pick.kind === 'typed' && isValidNewTeamName(pick.typed)
      ? {
          name: teamDisplayName(pick.typed, request.is_external),
          slug: teamSlug(pick.typed, request.is_external),
        }
      : undefined;
  const shownTeam = pick.kind === 'existing' ? pick.team : newTeam;

  return (
    <Flex vertical gap={16}>
      <RequestDetails request={request} />
      <Divider titlePlacement="start">{t('onboarding.request.teamSearch')}</Divider>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={8}>
          <Flex vertical gap={12}>
            <AutoComplete
              aria-label={t('onboarding.request.teamSearch')}
              placeholder={t('onboarding.step2.teamPlaceholder')}
              disabled={closed}
              value={pick.kind === 'existing' ? pick.team.name : pick.typed}
              options={found.teams.map((team) => ({ value: `${OPTION_PREFIX}${team.id}`, label: team.name }))}
              onSelect={(value: string) => {
                const team = found.teams.find((candidate) => `${OPTION_PREFIX}${candidate.id}` === value);
                if (team) setPick({ kind: 'existing', team: asApprovalTeam(team) });
              }}
              onChange={(text: string) => {
                if (text.startsWith(OPTION_PREFIX)) return;
                const typed = acceptTypedTeamName(typedPartOfName(text, request.is_external) ?? text);
                if (typed !== null) setPick({ kind: 'typed', typed });
              }}
            />
            {found.error !== null && <ErrorBox error={found.error} />}
            {shownTeam && (
              <div>
                <Tag color={TEAM_TAG_COLOR} data-testid="request-team-tag">
                  {`${pick.kind === 'existing' ? t('onboarding.request.existingTeamTag') : t('onboarding.request.newTeamTag')}: ${shownTeam.name} (${shownTeam.slug})`}
                </Tag>
              </div>
            )}
            {!closed && (
              <Flex gap={8} wrap>
                {pick.kind === 'existing' ? (
                  <Button type="primary" onClick={() => setDialog('update')}>
                    {t('onboarding.request.checkAndUpdate')}
                  </Button>
                ) : (
                  <Button type="primary" disabled={!newTeam} onClick={() => setDialog('create')}>
                    {t('onboarding.request.createTeam')}
                  </Button>
                )}
                <Button danger onClick={() => setDialog('decline')}>
                  {t('onboarding.request.decline')}
                </Button>
              </Flex>
            )}
          </Flex>
        </Col>
        <HelpTables />
      </Row>
      {dialog === 'create' && pick.kind === 'typed' && (
        <CreateTeamModals
          fromRequest
          start={{
            isExternal: request.is_external,
            typed: pick.typed,
            roles: request.request_roles.map((role) => role.name),
          }}
          onClose={() => setDialog(undefined)}
          onCreated={(team) => {
            setPick({ kind: 'existing', team: asApprovalTeam(team) });
            setDialog('update');
          }}
        />
      )}
      {dialog === 'update' && pick.kind === 'existing' && (
        <UserUpdateModal request={request} team={pick.team} onClose={() => setDialog(undefined)} />
      )}
      {dialog === 'decline' && <DeclineModal requestId={request.id} onClose={() => setDialog(undefined)} />}
    </Flex>
  );
}

function RequestLoader({ id }: { id: number }) {
  const { t } = useTranslation();
  const request = useStatement(id);
  if (request.isPending) return <Spin />;
  if (request.isError) return <ErrorBox title={t('onboarding.request.notFound')} error={request.error} />;
  return <RequestScreen key={request.data.id} request={request.data} />;
}

export function RequestEditPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <Page title={`${t('onboarding.request.title')} #${id}`} extra={<OnboardingTabs current="requests" />}>
      <RequireAdmin>
        {Number.isInteger(id) && id > 0 ? (
          <RequestLoader id={id} />
        ) : (
          <ErrorBox title={t('onboarding.request.notFound')} message={t('onboarding.request.notFound')} />
        )}
      </RequireAdmin>
    </Page>
  );
}
