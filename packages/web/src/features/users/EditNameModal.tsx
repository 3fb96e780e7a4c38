import type { CurrentUser } from '@vitrina/common';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateMe } from '../../api/me.ts';
import { FormModal, useFormSave, useToasts } from '../../components/index.ts';

interface NameValues {
  first_name: string;
  last_name: string;
}

export function EditNameModal({ user, onClose }: { user: CurrentUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NameValues>();
  const { formError, save: run } = useFormSave(form, onClose);
  const updateMe = useUpdateMe();
  const { addSuccessToast } = useToasts();
  const required = { required: true, whitespace: true, message: t('validation.required') };

  const save = (values: NameValues) =>
    run(async () => {
      await updateMe.mutateAsync(values);
      addSuccessToast(t('profile.saved'));
    });

  return (
    <FormModal<NameValues>
      title={t('profile.editName')}
      confirmLoading={updateMe.isPending}
      form={form}
      error={formError}
      initialValues={{ first_name: user.first_name, last_name: user.last_name }}
      onFinish={(values) => void save(values)}
      onClose={onClose}
    >
      <Form.Item name="first_name" label={t('users.fields.firstName')} rules={[required]}>
        <Input />
      </Form.Item>
      <Form.Item name="last_name" label={t('users.fields.lastName')} rules={[required]}>
        <Input />
      </Form.Item>
    </FormModal>
  );
}
