import type { StatementDetail } from '@vitrina/common';
import { Button, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useDecideStatement } from '../../api/onboarding.ts';
import { Modal, useToasts } from '../../components/index.ts';
import { roleLabel } from './roleLabel.ts';

export interface ApprovalTeam {
  name: string;
  slug: string;
  roles: string[];
}

/** 'User update': what approving changes for the requester, then the approval itself. */
export function UserUpdateModal({
  request,
  team,
  onClose,
}: {
  request: StatementDetail;
  team: ApprovalTeam;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { addSuccessToast, addDangerToast } = useToasts();
  const decide = useDecideStatement(request.id);
  const person = request.requester;
  const tags = (names: string[]) => names.map((name) => <Tag key={name}>{roleLabel(name, t)}</Tag>);

  const apply = () =>
    decide.mutate(
      { is_approved: true, team_slug: team.slug, request_roles: team.roles },
      {
        onSuccess: () => {
          addSuccessToast(t('onboarding.request.closedSuccess'));
          onClose();
        },
        onError: (error) => addDangerToast(`${t('onboarding.request.closeError')}: ${errorText(error, t)}`),
      },
    );

  return (
    <Modal
      open
      width={700}
      title={t('onboarding.userUpdate.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" loading={decide.isPending} onClick={apply}>
          {t('onboarding.userUpdate.apply')}
        </Button>
      }
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('onboarding.userUpdate.user')}>
          {`${person.first_name} ${person.last_name} (${person.email})`}
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.userUpdate.dodoRole')}>
          {person.dodo_role ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.userUpdate.currentRoles')}>
          {tags(person.roles.map((role) => role.name))}
        </Descriptions.Item>
        <Descriptions.Item label={t('onboarding.userUpdate.newRoles')}>{tags(team.roles)}</Descriptions.Item>
        <Descriptions.Item
          label={t('onboarding.userUpdate.team')}
        >{`${team.name} (${team.slug})`}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}
