import type { UseQueryResult } from '@tanstack/react-query';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorBox, Modal } from '../../components/index.ts';

/** The edit modal while the stored report loads, or why it could not. */
export function ReportLoading({ report, onClose }: { report: UseQueryResult<unknown>; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('reports.modal.editTitle')} footer={null} onCancel={onClose}>
      {report.isError ? <ErrorBox error={report.error} /> : <Spin />}
    </Modal>
  );
}
