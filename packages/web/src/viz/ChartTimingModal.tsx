import type { ChartDataTimings } from '@vitrina/common';
import { Button, Descriptions, type DescriptionsProps, Empty, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/Modal.tsx';
import { useChartTiming } from './chartTimings.ts';

type Item = NonNullable<DescriptionsProps['items']>[number];

function item(key: string, label: string, value: ReactNode): Item {
  return { key, label, children: <span data-testid={`timing-${key}`}>{value}</span> };
}

/** One query result's server timings. */
function ServerTimings({ timings, title }: { timings: ChartDataTimings; title: string }) {
  const { t } = useTranslation();
  const ms = (value: number) => t('viz.timing.ms', { value });
  const items = [
    item(
      'queueWait',
      t('viz.timing.queueWait'),
      timings.queue_wait_ms === null ? t('viz.timing.notQueued') : ms(timings.queue_wait_ms),
    ),
    item('database', t('viz.timing.database'), ms(timings.database_ms)),
    item('postProcessing', t('viz.timing.postProcessing'), ms(timings.post_processing_ms)),
    item('serialisation', t('viz.timing.serialisation'), ms(timings.serialisation_ms)),
    item('total', t('viz.timing.total'), ms(timings.total_ms)),
    item('cache', t('viz.timing.cache'), t(timings.cache === 'hit' ? 'viz.timing.hit' : 'viz.timing.miss')),
  ];
  return <Descriptions size="small" bordered column={1} title={title} items={items} />;
}

/**
 * A chart's Timing view: where the time of its last answer went on the server (per query: queue wait,
 * database, post-processing, serialisation, total, cache hit or miss) and in the browser (the
 * request's round trip and the drawing). `timingKey` names the chart in the timing store.
 */
export function ChartTimingModal({
  name,
  timingKey,
  onClose,
}: {
  name: string;
  timingKey: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const timing = useChartTiming(timingKey);
  const ms = (value: number) => t('viz.timing.ms', { value });
  const several = (timing?.server.length ?? 0) > 1;
  return (
    <Modal
      open
      title={t('viz.timing.title', { name })}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('viz.timing.close')}</Button>}
    >
      <div data-testid="chart-timing-modal">
        {timing ? (
          <Flex vertical gap={16}>
            {timing.server.length === 0 && (
              <Typography.Text type="secondary">{t('viz.timing.noServerTimings')}</Typography.Text>
            )}
            {timing.server.map((each, index) => (
              <ServerTimings
                // biome-ignore lint/suspicious/noArrayIndexKey: one block per query, in query order.
                key={index}
                timings={each}
                title={several ? t('viz.timing.query', { index: index + 1 }) : t('viz.timing.server')}
              />
            ))}
            <Descriptions
              size="small"
              bordered
              column={1}
              title={t('viz.timing.browser')}
              items={[
                item('roundTrip', t('viz.timing.roundTrip'), ms(timing.roundTripMs)),
                item(
                  'render',
                  t('viz.timing.render'),
                  timing.renderMs === null ? t('viz.timing.drawing') : ms(timing.renderMs),
                ),
              ]}
            />
          </Flex>
        ) : (
          <Empty description={t('viz.timing.noAnswer')} />
        )}
      </div>
    </Modal>
  );
}
