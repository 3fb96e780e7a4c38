import { Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../../api/client.ts';
import { Modal, useToasts } from '../../../components/index.ts';
import type { QueryRun } from '../state/editorState.ts';

interface CreateDatasetModalProps {
  query: QueryRun | null;
  defaultName: string;
  onClose: () => void;
}

/** 'Create dataset from results': a virtual dataset of the query's SQL, then explore on it. */
export function CreateDatasetModal({ query, defaultName, onClose }: CreateDatasetModalProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ table_name: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!query) return;
    const { table_name } = await form.validateFields();
    setBusy(true);
    try {
      const answer = await api.post<{ id: number }>('/api/v1/dataset/', {
        database: query.dbId,
        catalog: query.catalog,
        schema: query.schema,
        sql: query.sql,
        table_name: table_name.trim(),
        is_managed_externally: false,
        external_url: null,
      });
      onClose();
      navigate(`/explore/?datasource_id=${answer.id}&datasource_type=table`);
    } catch {
      toasts.addDangerToast(t('sqlLab.toasts.datasourceCreateFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={t('sqlLab.results.createDataset')}
      open={query !== null}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      confirmLoading={busy}
    >
      <Form form={form} layout="vertical" initialValues={{ table_name: defaultName }} preserve={false}>
        <Form.Item
          name="table_name"
          label={t('sqlLab.saveModal.name')}
          rules={[{ required: true, whitespace: true, message: t('sqlLab.saveModal.nameRequired') }]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
