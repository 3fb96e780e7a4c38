import { Card, Checkbox, Flex, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ChartListItem } from '../../api/charts.ts';
import { CardThumbnail, DeleteLink, FavoriteStar, OwnerTags, TagList } from '../../components/index.ts';
import { ChartTitleLink, DashboardLinks, DatasetName, LastModified, useChartTitle } from './ChartParts.tsx';
import { chartTypeName } from './chartTypes.ts';
import { exploreChartPath } from './paths.ts';

interface ChartCardProps {
  chart: ChartListItem;
  starred: boolean;
  onToggleStar: () => void;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  /** Absent when the person may not change the chart: no edit or delete is offered. */
  onDelete?: (() => void) | undefined;
}

/** One chart in the card view: its picture, title, type, tags, dataset, dashboards, owners and last change. */
export function ChartCard({ chart, starred, onToggleStar, selected, onSelect, onDelete }: ChartCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const title = useChartTitle()(chart);
  return (
    <Card
      size="small"
      role="article"
      aria-label={title}
      cover={
        <CardThumbnail
          url={chart.thumbnail_url}
          alt={t('charts.thumbnail.alt', { name: title })}
          drawingLabel={t('charts.thumbnail.drawing', { name: title })}
          missingLabel={t('charts.thumbnail.missing', { name: title })}
        />
      }
      title={
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Checkbox
            checked={selected}
            aria-label={t('charts.select', { name: title })}
            onChange={(event) => onSelect(event.target.checked)}
          />
          <Typography.Text ellipsis style={{ minWidth: 0 }}>
            <ChartTitleLink chart={chart} />
          </Typography.Text>
        </Flex>
      }
      extra={<FavoriteStar starred={starred} onToggle={onToggleStar} name={title} />}
      actions={
        onDelete && [
          <Typography.Link key="edit" onClick={() => void navigate(exploreChartPath(chart.id))}>
            {t('common.edit')}
          </Typography.Link>,
          <DeleteLink key="delete" title={t('charts.deleteConfirm', { name: title })} onConfirm={onDelete} />,
        ]
      }
    >
      <Flex vertical gap={6}>
        <div>
          <Tag color="blue">{chartTypeName(chart.viz_type, t)}</Tag>
        </div>
        <TagList tags={chart.tags} />
        <CardLine label={t('charts.columns.dataset')}>
          <DatasetName chart={chart} />
        </CardLine>
        <CardLine label={t('charts.columns.dashboards')}>
          <DashboardLinks dashboards={chart.dashboards} />
        </CardLine>
        <CardLine label={t('charts.columns.owners')}>
          <OwnerTags owners={chart.owners} />
        </CardLine>
        <CardLine label={t('charts.columns.lastModified')}>
          <LastModified chart={chart} />
        </CardLine>
      </Flex>
    </Card>
  );
}

function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex gap={6} align="baseline" wrap>
      <Typography.Text type="secondary">{label}:</Typography.Text>
      {children}
    </Flex>
  );
}
