import type { Role, RoleWriteRequest } from '@vitrina/common';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRole, useUpdateRole } from '../../api/roles.ts';
import { ErrorBox, Modal, showFieldErrors, useToasts } from '../../components/index.ts';

interface RoleFormModalProps {
  /** The role to rename; a new role when undefined. */
  role?: Role;
  onClose: () => void;
}

export function RoleFormModal({ role, onClose }: RoleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleWriteRequest>();
  const [formError, setFormError] = useState<unknown>();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const { addSuccessToast } = useToasts();
  const editing = role !== undefined;

  const save = async (values: RoleWriteRequest) => {
    setFormError(undefined);
    try {
      if (editing) await updateRole.mutateAsync({ id: role.id, changes: values });
      else await createRole.mutateAsync(values);
      addSuccessToast(t('roles.saved', { name: values.name }));
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error)) setFormError(error);
    }
  };

  return (
    <Modal
      open
      title={editing ? t('roles.editTitle', { name: role.name }) : t('roles.createTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={createRole.isPending || updateRole.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {formError !== undefined && <ErrorBox error={formError} />}
      <Form<RoleWriteRequest>
        form={form}
        layout="vertical"
        initialValues={{ name: role?.name ?? '', description: role?.description ?? '' }}
        onFinish={(values) => void save(values)}
        style={{ marginTop: 16 }}
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
      </Form>
    </Modal>
  );
}
