import {
  REQUESTABLE_ROLES,
  type RequestableRole,
  roleOptionDisabled,
  type TeamListItem,
} from '@vitrina/common';
import { AutoComplete, Button, Checkbox, Flex, Radio, Spin, Tag, Typography } from 'antd';
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { searchTeams, useCreateStatement } from '../../../api/onboarding.ts';
import { ErrorBox } from '../../../components/index.ts';
import { roleLabels } from '../roleLabel.ts';
import type { JoinedTeam } from './StepThree.tsx';
import { canFinish, chosenTeam, INITIAL_STEP_TWO, statementRequest, stepTwoReducer } from './stepTwoState.ts';
import { useTeamSearch } from './useTeamSearch.ts';

/** Search options carry the team's id behind a '#', which no typed team name can contain. */
const OPTION_PREFIX = '#';

/** The brand orange of Dodo's team tag. */
const TEAM_TAG_COLOR = '#ff6900';

interface StepTwoProps {
  /** Called once the request is filed (onboarding is then finished), with the team when it was joined at once. */
  onFinished: (joined: JoinedTeam | null) => void;
  /** Replaces the team search, for tests. */
  search?: (text: string, isExternal: boolean) => Promise<TeamListItem[]>;
}

/** 'Tell us why you are here': origin, team (found or new) and use cases, sent as an access request. */
export function StepTwo({ onFinished, search = searchTeams }: StepTwoProps) {
  const { t } = useTranslation();
  const [state, dispatch] = useReducer(stepTwoReducer, INITIAL_STEP_TWO);
  const createStatement = useCreateStatement();
  const searchText = state.choice.kind === 'existing' ? '' : state.text;
  const found = useTeamSearch(searchText, state.isExternal, search);
  const team = chosenTeam(state);

  const finish = () => {
    const request = statementRequest(state);
    if (!request) return;
    createStatement.mutate(request, {
      onSuccess: (body) =>
        onFinished(
          body.result.state === 'approved' ? { name: request.team, roles: request.request_roles } : null,
        ),
    });
  };

  const pick = (value: string) => {
    const picked = found.teams.find((candidate) => `${OPTION_PREFIX}${candidate.id}` === value);
    if (picked) dispatch({ type: 'picked', team: picked });
  };

  return (
    <Spin spinning={createStatement.isPending}>
      <Flex vertical gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('onboarding.step2.heading')}
        </Typography.Title>
        <Typography.Text>{t('onboarding.step2.originQuestion')}</Typography.Text>
        <Radio.Group
          value={state.isExternal}
          onChange={(event) => dispatch({ type: 'origin', isExternal: event.target.value as boolean })}
          options={[
            { value: true, label: t('onboarding.origin.franchisee') },
            { value: false, label: t('onboarding.origin.managingCompany') },
          ]}
        />
        <Typography.Text strong>{t('onboarding.step2.findTeam')}</Typography.Text>
        <Typography.Text type="secondary">{t('onboarding.step2.cLevelHint')}</Typography.Text>
        <AutoComplete
          aria-label={t('onboarding.step2.teamPlaceholder')}
          placeholder={t('onboarding.step2.teamPlaceholder')}
          value={state.text}
          style={{ width: '100%' }}
          options={found.teams.map((candidate) => ({
            value: `${OPTION_PREFIX}${candidate.id}`,
            label: candidate.name,
          }))}
          notFoundContent={found.loading ? <Spin size="small" /> : null}
          onSelect={pick}
          onChange={(text: string) => {
            if (!text.startsWith(OPTION_PREFIX)) dispatch({ type: 'typed', text });
          }}
        />
        {found.error !== null && <ErrorBox error={found.error} />}
        <Flex gap={8} align="center" wrap>
          <Typography.Text>{t('onboarding.step2.yourTeamIs')}</Typography.Text>
          {team ? (
            <Tag
              color={TEAM_TAG_COLOR}
              closable
              onClose={(event) => {
                event.preventDefault();
                dispatch({ type: 'clearTeam' });
              }}
              data-testid="onboarding-team-tag"
            >
              {team.name}
            </Tag>
          ) : (
            <Tag data-testid="onboarding-team-tag">{t('onboarding.step2.noTeam')}</Tag>
          )}
        </Flex>
        {team && (
          <Typography.Text type="secondary">
            {t(team.isNew ? 'onboarding.step2.newTeam' : 'onboarding.step2.existingTeam', {
              team: `${team.name} (${team.slug})`,
            })}
          </Typography.Text>
        )}
        <Typography.Text strong>{t('onboarding.step2.useCases')}</Typography.Text>
        <Flex vertical gap={8}>
          {REQUESTABLE_ROLES.map((role: RequestableRole) => (
            <Checkbox
              key={role}
              checked={state.roles.includes(role)}
              disabled={roleOptionDisabled(role, state.isExternal, state.choice)}
              onChange={(event) => dispatch({ type: 'toggleRole', role, checked: event.target.checked })}
            >
              <Typography.Text strong>{t(`onboarding.useCase.${role}.title`)}</Typography.Text>
              <br />
              <Typography.Text type="secondary">
                {t(`onboarding.useCase.${role}.description`)}
              </Typography.Text>
            </Checkbox>
          ))}
        </Flex>
        <Typography.Text>
          {t('onboarding.step2.yourRoles')}{' '}
          <span data-testid="onboarding-roles">{roleLabels(state.roles, t)}</span>
        </Typography.Text>
        {createStatement.isError && <ErrorBox error={createStatement.error} />}
        <div>
          <Button
            type="primary"
            disabled={!canFinish(state)}
            loading={createStatement.isPending}
            onClick={finish}
          >
            {t('onboarding.step2.finish')}
          </Button>
        </div>
      </Flex>
    </Spin>
  );
}
