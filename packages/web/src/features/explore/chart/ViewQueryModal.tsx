import { useQuery } from '@tanstack/react-query';
import type { QueryContext } from '@vitrina/common';
import { Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyToClipboard, ErrorBox, Modal, SqlEditor } from '../../../components/index.ts';
import { fetchChartData } from '../../../viz/index.ts';

/** The SQL of each query of the chart (result_type query), compiled by the server, with a copy button. */
export function ViewQueryModal({
  queryContext,
  onClose,
}: {
  queryContext: QueryContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: ['explore', 'query', JSON.stringify(queryContext)],
    queryFn: () => fetchChartData({ ...queryContext, result_type: 'query' }),
    retry: false,
    gcTime: 0,
  });
  const texts = (query.data ?? []).map((result) => (typeof result.query === 'string' ? result.query : ''));

  return (
    <Modal
      open
      responsive
      title={t('explore.viewQuery.title')}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('common.close')}</Button>}
    >
      {query.isPending ? (
        <Flex justify="center" style={{ padding: 24 }}>
          <Spin />
        </Flex>
      ) : query.error ? (
        <ErrorBox error={query.error} />
      ) : (
        <Flex vertical gap={12}>
          {texts.map((sql, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one entry per query, in query order.
            <Flex key={index} vertical gap={6}>
              <Flex justify="flex-end">
                <CopyToClipboard text={sql} buttonProps={{ size: 'small' }}>
                  {t('explore.viewQuery.copy')}
                </CopyToClipboard>
              </Flex>
              <SqlEditor value={sql} readOnly ariaLabel={t('explore.viewQuery.sql')} minHeight="120px" />
            </Flex>
          ))}
        </Flex>
      )}
    </Modal>
  );
}
