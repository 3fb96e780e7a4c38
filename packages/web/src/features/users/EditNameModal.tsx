import type { CurrentUser } from '@vitrina/common';
import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../api/me.ts';
import { ErrorBox, Modal, showFieldErrors, useToasts } from '../../components/index.ts';

interface NameValues {
  first_name: string;
  last_name: string;
}

export function EditNameModal({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NameValues>();
  const [formError, setFormError] = useState<unknown>();
  const updateMe = useUpdateMe();
  const { addSuccessToast } = useToasts();
  const required = { required: true, whitespace: true, message: t('validation.required') };

  const save = async (values: NameValues) => {
    setFormError(undefined);
    try {
      await updateMe.mutateAsync(values);
      addSuccessToast(t('profile.saved'));
      onClose();
    } catch (error) {
      if (!showFieldErrors(form, error)) setFormError(error);
    }
  };

  return (
    <Modal
      open
      title={t('profile.editName')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={updateMe.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      {formError !== undefined && <ErrorBox error={formError} />}
      <Form<NameValues>
        form={form}
        layout="vertical"
        initialValues={{ first_name: user.first_name, last_name: user.last_name }}
        onFinish={(values) => void save(values)}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="first_name" label={t('users.fields.firstName')} rules={[required]}>
          <Input />
        </Form.Item>
        <Form.Item name="last_name" label={t('users.fields.lastName')} rules={[required]}>
          <Input />
        </Form.Item>
      </Form>
    </Modal>
  );
}
