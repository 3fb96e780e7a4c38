import type { Role, RoleWriteRequest } from '@vitrina/common';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCreateRole, useUpdateRole } from '../../api/roles.ts';
import { FormModal, useFormSave, useToasts } from '../../components/index.ts';

interface RoleFormModalProps {
  /** The role to rename; a new role when undefined. */
  role?: Role;
  onClose: () => void;
}

export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleWriteRequest>();
  const { formError, save: run } = useFormSave(form, onClose);
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const { addSuccessToast } = useToasts();
  const editing = role !== undefined;

  const save = (values: RoleWriteRequest) =>
    run(async () => {
      if (editing) await updateRole.mutateAsync({ id: role.id, changes: values });
      else await createRole.mutateAsync(values);
      addSuccessToast(t('roles.saved', { name: values.name }));
    });

  return (
    <FormModal<RoleWriteRequest>
      title={editing ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      confirmLoading={createRole.isPending || updateRole.isPending}
      form={form}
      error={formError}
      initialValues={{ name: role?.name ?? '', description: role?.description ?? '' }}
      onFinish={(values) => void save(values)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('roles.fields.name')}
        rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="description" label={t('roles.fields.description')}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
      </Form.Item>
    </FormModal>
  );
}
