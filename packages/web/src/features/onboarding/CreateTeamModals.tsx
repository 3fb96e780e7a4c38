import {
  REQUESTABLE_ROLES,
  roleAllowedFor,
  type TeamDetail,
  teamDisplayName,
  teamSlug,
} from '@vitrina/common';
import { Alert, Button, Descriptions, Form, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { type NewTeam, useCreateTeam } from '../../api/onboarding.ts';
import { Modal, useToasts } from '../../components/index.ts';
import { roleLabel, roleLabels } from './roleLabel.ts';
import { TeamNameFields } from './TeamNameFields.tsx';

type Origin = 'company' | 'franchisee';

interface TeamFormValues {
  origin?: Origin;
  typed: string;
  roles: string[];
}

export interface CreateTeamStart {
  isExternal?: boolean;
  typed?: string;
  roles?: string[];
}

interface CreateTeamModalsProps {
  start: CreateTeamStart;
  /** Opened from a request: the origin is the request's, and the user is updated next. */
  fromRequest?: boolean;
  onCreated: (team: TeamDetail) => void;
  onClose: () => void;
}

/** 'Create new team', then 'Confirm', then the team is created. */
export function CreateTeamModals({ start, fromRequest = false, onCreated, onClose }: CreateTeamModalsProps) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const [form] = Form.useForm<TeamFormValues>();
  const [confirming, setConfirming] = useState<NewTeam>();
  const createTeam = useCreateTeam();
  const origin = Form.useWatch('origin', form);
  const typed = Form.useWatch('typed', form) ?? '';
  const isExternal = origin === 'franchisee';

  const initialValues: TeamFormValues = {
    origin: start.isExternal === undefined ? undefined : start.isExternal ? 'franchisee' : 'company',
    typed: start.typed ?? '',
    roles: (start.roles ?? []).filter((role) => REQUESTABLE_ROLES.includes(role as never)),
  };

  const next = (values: TeamFormValues) =>
    setConfirming({
      name: teamDisplayName(values.typed, values.origin === 'franchisee'),
      slug: teamSlug(values.typed, values.origin === 'franchisee'),
      is_external: values.origin === 'franchisee',
      roles: values.roles,
    });

  const create = (team: NewTeam) =>
    createTeam.mutate(team, {
      onSuccess: (body) => {
        addSuccessToast(t('onboarding.createTeam.success'));
        onCreated(body.result);
      },
    });

  if (confirming) {
    return (
      <Modal
        open
        title={t('onboarding.createTeam.confirmTitle')}
        onCancel={onClose}
        footer={
          <Button type="primary" loading={createTeam.isPending} onClick={() => create(confirming)}>
            {t('onboarding.createTeam.create')}
          </Button>
        }
      >
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('onboarding.createTeam.userFrom')}>
            {t(confirming.is_external ? 'onboarding.origin.franchisee' : 'onboarding.origin.managingCompany')}
          </Descriptions.Item>
          <Descriptions.Item label={t('onboarding.team.title')}>{confirming.name}</Descriptions.Item>
          <Descriptions.Item label={t('onboarding.createTeam.slug')}>{confirming.slug}</Descriptions.Item>
          <Descriptions.Item label={t('onboarding.createTeam.roles')}>
            {roleLabels(confirming.roles, t)}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Paragraph style={{ marginTop: 16 }}>
          {t('onboarding.createTeam.subtitle')}
        </Typography.Paragraph>
        {fromRequest && (
          <Typography.Paragraph>{t('onboarding.createTeam.userUpdateNext')}</Typography.Paragraph>
        )}
        {createTeam.isError && <Alert type="error" showIcon message={errorText(createTeam.error, t)} />}
      </Modal>
    );
  }

  return (
    <Modal
      open
      title={t('onboarding.createTeam.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={() => form.submit()}>
          {t('onboarding.createTeam.next')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('onboarding.createTeam.subtitle')}</Typography.Paragraph>
      <Form<TeamFormValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={next}
        onValuesChange={(changed: Partial<TeamFormValues>) => {
          // Another origin means another name format and other allowed roles: start the rest over.
          if (changed.origin) form.setFieldsValue({ typed: '', roles: [] });
        }}
      >
        <Form.Item
          name="origin"
          label={t('onboarding.createTeam.userFrom')}
          rules={[{ required: true, message: t('onboarding.createTeam.userFromRequired') }]}
        >
          <Select<Origin>
            aria-label={t('onboarding.createTeam.userFrom')}
            disabled={fromRequest}
            options={[
              { value: 'company', label: t('onboarding.origin.managingCompany') },
              { value: 'franchisee', label: t('onboarding.origin.franchisee') },
            ]}
          />
        </Form.Item>
        <TeamNameFields form={form} typed={typed} isExternal={isExternal} showSlug />
        <Form.Item
          name="roles"
          label={t('onboarding.createTeam.roles')}
          rules={[
            { required: true, type: 'array', min: 1, message: t('onboarding.createTeam.rolesRequired') },
          ]}
        >
          <Select
            mode="multiple"
            aria-label={t('onboarding.createTeam.roles')}
            options={REQUESTABLE_ROLES.map((role) => ({
              value: role,
              label: roleLabel(role, t),
              disabled: !roleAllowedFor(role, isExternal),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
