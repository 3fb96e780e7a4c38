import {
  REQUESTABLE_ROLES,
  roleAllowedFor,
  type TeamDetail,
  teamDisplayName,
  typedPartOfName,
} from '@vitrina/common';
import { Form, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateTeam } from '../../api/onboarding.ts';
import { FormModal, useFormSave, useToasts } from '../../components/index.ts';
import { roleLabel } from './roleLabel.ts';
import { TeamNameFields } from './TeamNameFields.tsx';

interface EditTeamValues {
  typed: string;
  roles: string[];
}

/**
 * Renames a team and changes its roles. The slug and the franchisee flag stay; members gain the added
 * roles and lose the removed ones they hold through no other team (the server does both).
 */
export function EditTeamModal({ team, onClose }: { team: TeamDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<EditTeamValues>();
  const update = useUpdateTeam(team.id);
  const { formError, save } = useFormSave(form, onClose);
  const typed = Form.useWatch('typed', form) ?? '';

  const submit = (values: EditTeamValues) =>
    save(async () => {
      await update.mutateAsync({
        name: teamDisplayName(values.typed, team.is_external),
        roles: values.roles,
      });
      addSuccessToast(t('onboarding.team.updated'));
    });

  return (
    <FormModal<EditTeamValues>
      title={t('onboarding.team.editTitle')}
      form={form}
      initialValues={{
        typed: typedPartOfName(team.name, team.is_external) ?? team.name,
        roles: team.roles.map((role) => role.name),
      }}
      onFinish={submit}
      onClose={onClose}
      okButtonProps={{ loading: update.isPending }}
      error={formError}
    >
      <TeamNameFields form={form} typed={typed} isExternal={team.is_external} showSlug={false} />
      <Form.Item
        name="roles"
        label={t('onboarding.createTeam.roles')}
        rules={[{ required: true, type: 'array', min: 1, message: t('onboarding.createTeam.rolesRequired') }]}
      >
        <Select
          mode="multiple"
          aria-label={t('onboarding.createTeam.roles')}
          options={REQUESTABLE_ROLES.map((role) => ({
            value: role,
            label: roleLabel(role, t),
            disabled: !roleAllowedFor(role, team.is_external),
          }))}
        />
      </Form.Item>
      <Typography.Text type="secondary">
        {t('onboarding.team.slugStays', { slug: team.slug })}
      </Typography.Text>
    </FormModal>
  );
}
