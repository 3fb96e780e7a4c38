import {
  FieldBinaryOutlined,
  FieldNumberOutlined,
  FieldStringOutlined,
  FieldTimeOutlined,
  FunctionOutlined,
  QuestionOutlined,
  SafetyCertificateFilled,
  SearchOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import type { ExploreDataset } from '@vitrina/common';
import { Collapse, Empty, Flex, Input, Tooltip, Typography } from 'antd';
import { type DragEvent, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localizedName } from '../../../components/localizedName.ts';
import { setDragPayload } from '../dnd.ts';
import { type ColumnKind, filterItems, type PanelItem, panelItems } from './datasourceItems.ts';

const KIND_ICONS: Record<ColumnKind, ReactNode> = {
  numeric: <FieldNumberOutlined />,
  string: <FieldStringOutlined />,
  temporal: <FieldTimeOutlined />,
  boolean: <FieldBinaryOutlined />,
  unknown: <QuestionOutlined />,
};

function ItemIcon({ item }: { item: PanelItem }) {
  const { t } = useTranslation();
  const kind = item.columnKind;
  const label = kind ? t(`explore.datasource.types.${kind}`) : t('explore.datasource.types.metric');
  return (
    <span role="img" aria-label={label} title={label} style={{ color: 'var(--ant-color-text-tertiary)' }}>
      {kind ? KIND_ICONS[kind] : <FunctionOutlined />}
    </span>
  );
}

function ItemTooltip({ item }: { item: PanelItem }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <Typography.Text strong style={{ color: 'inherit' }}>
        {item.name}
      </Typography.Text>
      {item.detail && <code style={{ whiteSpace: 'pre-wrap' }}>{item.detail}</code>}
      {item.description && <span>{item.description}</span>}
      {item.certified && (
        <span>
          {item.certifiedBy
            ? t('explore.datasource.certifiedBy', { name: item.certifiedBy })
            : t('explore.datasource.certified')}
          {item.certificationDetails && ` — ${item.certificationDetails}`}
        </span>
      )}
    </Flex>
  );
}

function DraggableItem({ item }: { item: PanelItem }) {
  const { t } = useTranslation();
  const onDragStart = (event: DragEvent<HTMLLIElement>) =>
    setDragPayload(event.dataTransfer, { kind: item.kind, name: item.name });
  return (
    <Tooltip title={<ItemTooltip item={item} />} placement="right" mouseEnterDelay={0.6}>
      <li
        aria-label={item.label}
        data-item-kind={item.kind}
        data-item-name={item.name}
        draggable
        onDragStart={onDragStart}
        className="explore-datasource-item"
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 6,
          padding: '3px 6px',
          borderRadius: 4,
          cursor: 'grab',
          userSelect: 'none',
        }}
      >
        <ItemIcon item={item} />
        <Typography.Text ellipsis style={{ flex: 1, minWidth: 0 }}>
          {item.label}
        </Typography.Text>
        {item.certified && (
          <SafetyCertificateFilled
            aria-label={t('explore.datasource.certified')}
            style={{ color: 'var(--ant-color-primary)' }}
          />
        )}
        {item.warning && (
          <Tooltip title={item.warning}>
            <WarningOutlined
              aria-label={t('explore.datasource.warning')}
              style={{ color: 'var(--ant-color-warning)' }}
            />
          </Tooltip>
        )}
      </li>
    </Tooltip>
  );
}

function ItemList({ items, label }: { items: PanelItem[]; label: string }) {
  const { t } = useTranslation();
  if (items.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('explore.datasource.nothingFound')} />;
  return (
    <ul aria-label={label} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <DraggableItem key={`${item.kind}:${item.name}`} item={item} />
      ))}
    </ul>
  );
}

/**
 * The left column of explore: the dataset's metrics and columns, searchable, each one draggable onto
 * the control panel's drop targets (dnd.ts).
 */
export function DatasourcePanel({ dataset }: { dataset: ExploreDataset }) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const all = useMemo(() => panelItems(dataset, i18n.language), [dataset, i18n.language]);
  const metrics = filterItems(all.metrics, search);
  const columns = filterItems(all.columns, search);
  const description = localizedName(dataset.description, dataset.description_ru, i18n.language);

  return (
    <Flex
      vertical
      gap={8}
      style={{ height: '100%', minHeight: 0 }}
      aria-label={t('explore.datasource.title')}
    >
      <Flex vertical gap={0}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('explore.datasource.title')}
        </Typography.Text>
        <Tooltip title={description || undefined}>
          <Link to={`/dataset/${dataset.id}/edit`} style={{ fontWeight: 600 }}>
            {dataset.table_name}
          </Link>
        </Tooltip>
        <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
          {[dataset.database.database_name, dataset.schema].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Flex>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('explore.datasource.search')}
        aria-label={t('explore.datasource.search')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <Collapse
          ghost
          size="small"
          defaultActiveKey={['metrics', 'columns']}
          items={[
            {
              key: 'metrics',
              label: t('explore.datasource.metrics', { shown: metrics.length, total: all.metrics.length }),
              children: <ItemList items={metrics} label={t('explore.datasource.metricsList')} />,
            },
            {
              key: 'columns',
              label: t('explore.datasource.columns', { shown: columns.length, total: all.columns.length }),
              children: <ItemList items={columns} label={t('explore.datasource.columnsList')} />,
            },
          ]}
        />
      </div>
    </Flex>
  );
}
