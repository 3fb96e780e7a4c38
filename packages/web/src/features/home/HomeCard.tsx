import { AppstoreOutlined, BarChartOutlined, ConsoleSqlOutlined } from '@ant-design/icons';
import { Card, Flex, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardThumbnail } from '../../components/index.ts';
import { relativeTime } from '../../components/relativeTime.ts';
import type { HomeItem } from './homeItems.ts';
import { ChartPlaceholder, DashboardPlaceholder, QueryPreview } from './Placeholders.tsx';

/** One item of a home section: a card with its picture, or a line of the list view. */

interface ItemProps {
  item: HomeItem;
  /** The i18n key of the time line ("Viewed {{time}}"). */
  timeKey: string;
  /** A star to unstar a favourite, on the Favorite tabs. */
  extra?: ReactNode;
}

/** Whether the element has come near the screen once (a picture is only asked for then). */
function useSeen<T extends Element>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return [ref, seen];
}

function ItemTime({ item, timeKey }: Pick<ItemProps, 'item' | 'timeKey'>) {
  const { t, i18n } = useTranslation();
  const time =
    item.time === null ? item.timeFallback : relativeTime(new Date(item.time), new Date(), i18n.language);
  if (!time) return null;
  return (
    <Typography.Text
      type="secondary"
      title={item.time === null ? undefined : new Date(item.time).toLocaleString(i18n.language)}
    >
      {t(timeKey, { time })}
    </Typography.Text>
  );
}

function Cover({ item }: { item: HomeItem }) {
  const { t } = useTranslation();
  const [ref, seen] = useSeen<HTMLDivElement>();
  const name = { name: item.title };
  let placeholder: ReactNode;
  if (item.kind === 'query') {
    return <QueryPreview sql={item.sql ?? ''} label={t('home.card.sql', name)} />;
  }
  if (item.kind === 'dashboard') {
    placeholder = <DashboardPlaceholder label={t('dashboards.thumbnail.missing', name)} />;
  } else {
    placeholder = <ChartPlaceholder category={item.category} label={t('charts.thumbnail.missing', name)} />;
  }
  const kind = item.kind === 'dashboard' ? 'dashboards' : 'charts';
  return (
    <div ref={ref}>
      {seen && item.thumbnailUrl ? (
        <CardThumbnail
          url={item.thumbnailUrl}
          alt={t(`${kind}.thumbnail.alt`, name)}
          drawingLabel={t(`${kind}.thumbnail.drawing`, name)}
          missingLabel={t(`${kind}.thumbnail.missing`, name)}
          placeholder={placeholder}
        />
      ) : (
        placeholder
      )}
    </div>
  );
}

export function HomeCard({ item, timeKey, extra }: ItemProps) {
  return (
    <Card
      size="small"
      role="article"
      aria-label={item.title}
      cover={<Cover item={item} />}
      style={{ height: '100%' }}
    >
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong ellipsis={{ tooltip: item.title }}>
            <Link to={item.url}>{item.title}</Link>
          </Typography.Text>
          <ItemTime item={item} timeKey={timeKey} />
        </Flex>
        {extra}
      </Flex>
    </Card>
  );
}

const KIND_ICONS: Record<HomeItem['kind'], ReactNode> = {
  dashboard: <AppstoreOutlined />,
  chart: <BarChartOutlined />,
  query: <ConsoleSqlOutlined />,
};

export function HomeListRow({ item, timeKey, extra }: ItemProps) {
  return (
    <Flex
      role="article"
      aria-label={item.title}
      align="center"
      gap={12}
      style={{ padding: '8px 4px', borderBottom: '1px solid var(--ant-color-split)' }}
    >
      <span aria-hidden style={{ fontSize: 18, color: 'var(--ant-color-text-tertiary)' }}>
        {KIND_ICONS[item.kind]}
      </span>
      <Typography.Text ellipsis={{ tooltip: item.title }} style={{ flex: 1, minWidth: 0 }}>
        <Link to={item.url}>{item.title}</Link>
      </Typography.Text>
      <ItemTime item={item} timeKey={timeKey} />
      {extra}
    </Flex>
  );
}
