import { EditOutlined } from '@ant-design/icons';
import { AGGREGATES, type ExploreDataset, type QueryMetric } from '@vitrina/common';
import { Button, Empty, Flex, Input, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SqlEditor } from '../../../../components/SqlEditor.tsx';
import { columnOptions, metricTitle } from '../shared/datasetNames.ts';
import {
  buildMetric,
  defaultMetricLabel,
  type MetricDraft,
  type MetricTab,
  metricDraft,
  switchMetricTab,
} from './adhocMetric.ts';

interface MetricEditorProps {
  metric: QueryMetric | null;
  /** A column dropped from the dataset panel: the editor opens on Simple with it chosen. */
  seedColumn?: string;
  datasource: ExploreDataset;
  onSave: (metric: QueryMetric) => void;
  onClose: () => void;
}

/** The metric popover: a saved metric, a column with an aggregate, or custom SQL; and its label. */
export function MetricEditor({ metric, seedColumn, datasource, onSave, onClose }: MetricEditorProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<MetricDraft>(() => metricDraft(metric, datasource, seedColumn));
  const update = (patch: Partial<MetricDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const built = buildMetric(draft, datasource);

  const saved = (
    <Select
      aria-label={t('controls.metricEditor.savedMetric')}
      style={{ width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('controls.metricEditor.chooseSavedMetric')}
      value={draft.savedMetric ?? undefined}
      onChange={(value: string) => update({ savedMetric: value })}
      options={datasource.metrics.map((item) => ({
        value: item.metric_name,
        label: metricTitle(item, i18n.language),
        title: item.expression,
      }))}
      notFoundContent={
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('controls.metricEditor.noSavedMetrics')} />
      }
    />
  );

  const simple = (
    <Flex vertical gap={8}>
      <div>
        <div className="explore-editor-label">{t('controls.metricEditor.column')}</div>
        <Select
          aria-label={t('controls.metricEditor.column')}
          style={{ width: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('controls.metricEditor.chooseColumn')}
          value={draft.column ?? undefined}
          onChange={(value: string) => update({ column: value })}
          options={columnOptions(datasource, i18n.language).map(({ value, label }) => ({ value, label }))}
        />
      </div>
      <div>
        <div className="explore-editor-label">{t('controls.metricEditor.aggregate')}</div>
        <Select
          aria-label={t('controls.metricEditor.aggregate')}
          style={{ width: '100%' }}
          placeholder={t('controls.metricEditor.chooseAggregate')}
          value={draft.aggregate ?? undefined}
          onChange={(value: MetricDraft['aggregate']) => update({ aggregate: value })}
          options={AGGREGATES.map((aggregate) => ({ value: aggregate, label: aggregate }))}
        />
      </div>
    </Flex>
  );

  const sql = (
    <SqlEditor
      ariaLabel={t('controls.metricEditor.sqlExpression')}
      value={draft.sqlExpression}
      onChange={(value) => update({ sqlExpression: value })}
      minHeight="120px"
      placeholder="SUM(amount) / COUNT(*)"
    />
  );

  const defaultLabel = draft.tab === 'SAVED' ? '' : defaultMetricLabel(draft);

  return (
    <Flex vertical gap={12} style={{ width: 340 }} className="explore-metric-editor">
      {draft.tab !== 'SAVED' && (
        <Input
          aria-label={t('controls.metricEditor.label')}
          prefix={<EditOutlined />}
          placeholder={defaultLabel || t('controls.metricEditor.labelPlaceholder')}
          value={draft.customLabel}
          onChange={(event) => update({ customLabel: event.target.value })}
          variant="borderless"
          style={{ fontWeight: 500, paddingInline: 0 }}
        />
      )}
      <Tabs
        size="small"
        activeKey={draft.tab}
        onChange={(key) => setDraft((current) => switchMetricTab(current, key as MetricTab, datasource))}
        items={[
          { key: 'SAVED', label: t('controls.metricEditor.tabs.saved'), children: saved },
          { key: 'SIMPLE', label: t('controls.metricEditor.tabs.simple'), children: simple },
          { key: 'SQL', label: t('controls.metricEditor.tabs.sql'), children: sql },
        ]}
      />
      <Flex justify="flex-end" gap={8}>
        <Button size="small" onClick={onClose}>
          {t('controls.common.close')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={built === null}
          onClick={() => built !== null && onSave(built)}
        >
          {t('controls.common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
