import { useQuery } from '@tanstack/react-query';
import { Empty, Spin, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../api/errors.ts';
import { estimateQueryCost } from '../../../api/sqllab.ts';
import { ErrorBox, Modal } from '../../../components/index.ts';
import { parseTemplateParams } from '../templateParams.ts';

interface EstimateModalProps {
  open: boolean;
  onClose: () => void;
  databaseId: number;
  catalog: string | null;
  schema: string | null;
  sql: string;
  templateParams: string;
}

/** The database's cost estimate of the query (one row per statement). */
export function EstimateModal({
  open,
  onClose,
  databaseId,
  catalog,
  schema,
  sql,
  templateParams,
}: EstimateModalProps) {
  const { t } = useTranslation();
  const estimate = useQuery({
    queryKey: ['sqllab', 'estimate', databaseId, catalog, schema, sql, templateParams],
    queryFn: () =>
      estimateQueryCost({
        database_id: databaseId,
        catalog,
        schema,
        sql,
        template_params: parseTemplateParams(templateParams),
      }),
    enabled: open,
    retry: false,
    gcTime: 0,
  });
  const rows = estimate.data ?? [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return (
    <Modal title={t('sqlLab.estimateModal.title')} open={open} onCancel={onClose} footer={null} width={640}>
      {estimate.isLoading && <Spin />}
      {estimate.error && (
        <ErrorBox
          message={errorText(estimate.error, t) || t('sqlLab.estimateModal.failed')}
          error={estimate.error}
        />
      )}
      {estimate.data && rows.length === 0 && <Empty description={t('sqlLab.estimateModal.empty')} />}
      {rows.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey={(_row, index) => String(index)}
          dataSource={rows}
          columns={columns.map((column) => ({
            key: column,
            title: column,
            dataIndex: column,
            render: (value: unknown) => String(value ?? ''),
          }))}
        />
      )}
    </Modal>
  );
}
