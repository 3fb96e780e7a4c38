import { Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Narrower boxes show only the title: the explanation would not fit. */
export const NO_RESULTS_BODY_MIN_WIDTH = 250;

/** The 'No Results' panel of a chart whose every query returned no rows. */
export function NoResults({ width, height }: { width: number; height: number }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ width: '100%', height }} role="status">
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <Flex vertical gap={4} align="center" style={{ maxWidth: 480 }}>
            <Typography.Text strong>{t('viz.chartState.noResultsTitle')}</Typography.Text>
            {width > NO_RESULTS_BODY_MIN_WIDTH && (
              <Typography.Text type="secondary">{t('viz.chartState.noResultsBody')}</Typography.Text>
            )}
          </Flex>
        }
      />
    </Flex>
  );
}
