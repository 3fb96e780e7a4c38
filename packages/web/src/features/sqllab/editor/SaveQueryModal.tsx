import { useQueryClient } from '@tanstack/react-query';
import type { SavedQueryWriteRequest } from '@vitrina/common';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createSavedQuery, savedQueryKeys, updateSavedQuery } from '../../../api/savedQueries.ts';
import { Modal, useToasts } from '../../../components/index.ts';
import type { EditorTab } from '../state/editorState.ts';

interface SaveQueryModalProps {
  tab: EditorTab;
  open: boolean;
  onClose: () => void;
  /** The saved query's id and name, once stored. */
  onSaved: (id: number, label: string) => void;
}

interface SaveFields {
  label: string;
  description?: string;
}

/** Saves the tab's query (name, description); a tab already saved can be updated or saved as new. */
export function SaveQueryModal({ tab, open, onClose, onSaved }: SaveQueryModalProps) {
  const { t } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SaveFields>();
  const [busy, setBusy] = useState(false);

  const payload = (fields: SaveFields): SavedQueryWriteRequest => ({
    db_id: tab.dbId ?? 0,
    label: fields.label.trim(),
    description: fields.description ?? '',
    catalog: tab.catalog,
    schema: tab.schema,
    sql: tab.sql,
    template_parameters: tab.templateParams || null,
  });

  const submit = async (asUpdate: boolean) => {
    const fields = await form.validateFields();
    setBusy(true);
    try {
      if (asUpdate && tab.savedQueryId !== null) {
        await updateSavedQuery(tab.savedQueryId, payload(fields)).catch((error: unknown) => {
          toasts.addDangerToast(t('sqlLab.toasts.updateFailed'));
          throw error;
        });
        toasts.addSuccessToast(t('sqlLab.toasts.updated'));
        onSaved(tab.savedQueryId, fields.label.trim());
      } else {
        const answer = await createSavedQuery(payload(fields)).catch((error: unknown) => {
          toasts.addDangerToast(t('sqlLab.toasts.saveFailed'));
          throw error;
        });
        if (typeof answer?.id !== 'number') {
          toasts.addDangerToast(t('sqlLab.toasts.saveNotProper'));
        } else {
          toasts.addSuccessToast(t('sqlLab.toasts.saved'));
          onSaved(answer.id, fields.label.trim());
        }
      }
      void queryClient.invalidateQueries({ queryKey: savedQueryKeys.all });
      onClose();
    } catch {
      // The toast above has told the user.
    } finally {
      setBusy(false);
    }
  };

  const saved = tab.savedQueryId !== null;
  return (
    <Modal
      title={saved ? t('sqlLab.saveModal.titleUpdate') : t('sqlLab.saveModal.title')}
      open={open}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type={saved ? 'default' : 'primary'} loading={busy} onClick={() => submit(false)}>
          {saved ? t('sqlLab.saveModal.saveNew') : t('sqlLab.saveModal.save')}
        </Button>,
        ...(saved
          ? [
              <Button key="update" type="primary" loading={busy} onClick={() => submit(true)}>
                {t('sqlLab.saveModal.update')}
              </Button>,
            ]
          : []),
      ]}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ label: tab.name, description: '' }}
        preserve={false}
      >
        <Form.Item
          name="label"
          label={t('sqlLab.saveModal.name')}
          rules={[{ required: true, whitespace: true, message: t('sqlLab.saveModal.nameRequired') }]}
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item name="description" label={t('sqlLab.saveModal.description')}>
          <Input.TextArea autoSize={{ minRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
