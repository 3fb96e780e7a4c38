import type { DashboardListItemDto } from '@vitrina/common';
import { Card, Checkbox, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardThumbnail, FavoriteStar, OwnerTags, TagList } from '../../../components/index.ts';
import { DashboardTitleLink, LastModified, StatusTag, useDashboardTitle } from './DashboardParts.tsx';
import { DashboardRowActions } from './DashboardRowActions.tsx';

interface DashboardCardProps {
  dashboard: DashboardListItemDto;
  starred: boolean;
  onToggleStar: () => void;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit?: (() => void) | undefined;
  onExport?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/**
 * One dashboard in the card view: its picture, title, published state, certification, tags, owners and
 * last change.
 */
export function DashboardCard({
  dashboard,
  starred,
  onToggleStar,
  selected,
  onSelect,
  onEdit,
  onExport,
  onDelete,
}: DashboardCardProps) {
  const { t } = useTranslation();
  const title = useDashboardTitle()(dashboard);
  return (
    <Card
      size="small"
      role="article"
      aria-label={title}
      cover={
        <CardThumbnail
          url={dashboard.thumbnail_url}
          alt={t('dashboards.thumbnail.alt', { name: title })}
          drawingLabel={t('dashboards.thumbnail.drawing', { name: title })}
          missingLabel={t('dashboards.thumbnail.missing', { name: title })}
        />
      }
      title={
        <Flex gap={8} align="center" style={{ minWidth: 0 }}>
          <Checkbox
            checked={selected}
            aria-label={t('dashboards.select', { name: title })}
            onChange={(event) => onSelect(event.target.checked)}
          />
          <Typography.Text ellipsis style={{ minWidth: 0 }}>
            <DashboardTitleLink dashboard={dashboard} />
          </Typography.Text>
        </Flex>
      }
      extra={<FavoriteStar starred={starred} onToggle={onToggleStar} name={title} />}
      actions={[
        <DashboardRowActions
          key="actions"
          name={title}
          onEdit={onEdit}
          onExport={onExport}
          onDelete={onDelete}
        />,
      ]}
    >
      <Flex vertical gap={6}>
        <div>
          <StatusTag published={dashboard.published} />
        </div>
        <TagList tags={dashboard.tags} />
        <CardLine label={t('dashboards.columns.owners')}>
          <OwnerTags owners={dashboard.owners} />
        </CardLine>
        <CardLine label={t('dashboards.columns.lastModified')}>
          <LastModified dashboard={dashboard} />
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
