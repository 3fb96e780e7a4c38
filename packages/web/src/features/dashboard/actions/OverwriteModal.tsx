import type { StaleSaveDifference } from '@vitrina/common';
import { Alert, Button, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';

/** A value as short readable text: JSON documents and lists as JSON, blanks marked. */
export function differenceText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === 'object' && parsed !== null) return JSON.stringify(parsed, null, 2);
    } catch {
      return value;
    }
    return value;
  }
  return JSON.stringify(value, null, 2);
}

/** Someone saved the dashboard meanwhile: the differing values, and Overwrite to save anyway. */
export function OverwriteModal({
  differences,
  saving,
  onOverwrite,
  onCancel,
}: {
  differences: StaleSaveDifference[];
  saving: boolean;
  onOverwrite: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const empty = t('dashboardActions.save.empty');
  const cell = (value: unknown) => (
    <Typography.Paragraph
      style={{ whiteSpace: 'pre-wrap', maxHeight: 160, overflow: 'auto', margin: 0, fontFamily: 'monospace' }}
    >
      {differenceText(value, empty)}
    </Typography.Paragraph>
  );
  return (
    <Modal
      open
      responsive
      title={t('dashboardActions.save.overwriteTitle')}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('dashboardActions.save.cancel')}
        </Button>,
        <Button key="overwrite" type="primary" danger loading={saving} onClick={onOverwrite}>
          {t('dashboardActions.save.overwrite')}
        </Button>,
      ]}
    >
      <Alert
        type="warning"
        showIcon
        title={t('dashboardActions.save.confirmOverwrite')}
        style={{ marginBottom: 12 }}
      />
      <Table<StaleSaveDifference>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={differences}
        columns={[
          { key: 'field', dataIndex: 'field', title: t('dashboardActions.save.field'), width: 160 },
          {
            key: 'server',
            title: t('dashboardActions.save.serverValue'),
            render: (_, row) => cell(row.server),
          },
          { key: 'local', title: t('dashboardActions.save.yourValue'), render: (_, row) => cell(row.local) },
        ]}
      />
    </Modal>
  );
}
