import type { User, UserWriteRequest } from '@vitrina/common';
import { Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleOptions } from '../../api/roles.ts';
import { useCreateUser, useUpdateUser } from '../../api/users.ts';
import { FormModal, PasswordInput, useFormSave, useToasts } from '../../components/index.ts';
import { UserSignInSection } from './UserSignInSection.tsx';

interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password?: string;
  roles: number[];
  active: boolean;
}

interface UserFormModalProps {
  /** The user to edit; a new user when undefined. */
  user?: User;
  onClose: () => void;
}

function initialValues(user: User | undefined): UserFormValues {
  return {
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    email: user?.email ?? '',
    password: '',
    roles: user?.roles.map((role) => role.id) ?? [],
    active: user?.active ?? true,
  };
}

export function UserFormModal({ user, onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const { formError, save: run } = useFormSave(form, onClose);
  const roles = useRoleOptions();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const { addSuccessToast } = useToasts();
  const editing = user !== undefined;
  const required = { required: true, message: t('validation.required') };

  const save = (values: UserFormValues) =>
    run(async () => {
      const { password, ...rest } = values;
      const request: UserWriteRequest = { ...rest, ...(password ? { password } : {}) };
      if (editing) await updateUser.mutateAsync({ id: user.id, changes: request });
      else await createUser.mutateAsync(request);
      addSuccessToast(
        editing
          ? t('users.saved', { username: values.username })
          : t('users.created', { username: values.username }),
      );
    });

  return (
    <FormModal<UserFormValues>
      title={editing ? t('users.editTitle', { username: user.username }) : t('users.createTitle')}
      confirmLoading={createUser.isPending || updateUser.isPending}
      form={form}
      error={formError}
      initialValues={initialValues(user)}
      onFinish={(values) => void save(values)}
      onClose={onClose}
      requiredMark="optional"
    >
      <Form.Item name="username" label={t('users.fields.username')} rules={[required]}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="first_name" label={t('users.fields.firstName')} rules={[required]}>
        <Input />
      </Form.Item>
      <Form.Item name="last_name" label={t('users.fields.lastName')} rules={[required]}>
        <Input />
      </Form.Item>
      <Form.Item
        name="email"
        label={t('users.fields.email')}
        rules={[required, { type: 'email', message: t('validation.email') }]}
      >
        <Input type="email" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('users.fields.password')}
        rules={editing ? [] : [required]}
        extra={editing ? t('users.passwordKeep') : undefined}
      >
        <PasswordInput autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="roles" label={t('users.fields.roles')}>
        <Select
          mode="multiple"
          allowClear
          loading={roles.isPending}
          optionFilterProp="label"
          options={(roles.data?.result ?? []).map((role) => ({ value: role.id, label: role.name }))}
        />
      </Form.Item>
      <Form.Item name="active" label={t('users.fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {editing && <UserSignInSection user={user} />}
    </FormModal>
  );
}
