import { UploadOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportDashboards } from '../../../api/dashboards.ts';
import { ErrorBox, Modal, useToasts } from '../../../components/index.ts';

interface ImportDashboardsModalProps {
  open: boolean;
  onClose: () => void;
}

/** Imports dashboards from a ZIP bundle exported before, optionally overwriting the ones there. */
export function ImportDashboardsModal({ open, onClose }: ImportDashboardsModalProps) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const [file, setFile] = useState<File | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const importDashboards = useImportDashboards();

  const close = () => {
    setFile(null);
    setOverwrite(false);
    importDashboards.reset();
    onClose();
  };

  const submit = () => {
    if (!file) return;
    importDashboards.mutate(
      { file, overwrite },
      {
        onSuccess: () => {
          addSuccessToast(t('dashboards.import.done'));
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('dashboards.import.title')}
      okText={t('dashboards.import.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !file, loading: importDashboards.isPending }}
      onOk={submit}
      onCancel={close}
    >
      <Flex vertical gap={12} style={{ marginTop: 16 }}>
        {importDashboards.isError && <ErrorBox error={importDashboards.error} />}
        <Typography.Text type="secondary">{t('dashboards.import.hint')}</Typography.Text>
        <Upload
          accept=".zip,application/zip"
          maxCount={1}
          fileList={file ? [{ uid: 'bundle', name: file.name, status: 'done' }] : []}
          beforeUpload={(chosen) => {
            setFile(chosen);
            return false;
          }}
          onRemove={() => setFile(null)}
        >
          <Button icon={<UploadOutlined />}>{t('dashboards.import.choose')}</Button>
        </Upload>
        <Checkbox checked={overwrite} onChange={(event) => setOverwrite(event.target.checked)}>
          {t('dashboards.import.overwrite')}
        </Checkbox>
      </Flex>
    </Modal>
  );
}
