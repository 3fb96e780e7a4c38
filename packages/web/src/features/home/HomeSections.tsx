import { PlusOutlined } from '@ant-design/icons';
import { UNTITLED_DASHBOARD_TITLE } from '@vitrina/common';
import {
  chartsQuery,
  dashboardsQuery,
  HOME_TABS,
  type HomeSection,
  type HomeTab,
  type OwnedTab,
  type RecentsTab,
  recentActivityQuery,
  savedQueriesQuery,
} from '@vitrina/common/home/sections';
import { Alert, Button, Card, Col, Empty, Flex, Row, Tabs } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCharts, useToggleChartFavorite } from '../../api/charts.ts';
import { useCreateDashboard, useDashboards, useToggleDashboardFavorite } from '../../api/dashboards.ts';
import { errorText } from '../../api/errors.ts';
import { useRecentActivity } from '../../api/recentActivity.ts';
import { useSavedQueries } from '../../api/savedQueries.ts';
import { useAccess } from '../../api/useAccess.ts';
import { FavoriteStar, useToasts } from '../../components/index.ts';
import { CHART_LIST_PATH } from '../charts/index.ts';
import { HomeCard, HomeListRow } from './HomeCard.tsx';
import {
  fromChart,
  fromDashboard,
  fromRecent,
  fromSavedQuery,
  type HomeChart,
  type HomeDashboard,
  type HomeItem,
  type HomeSavedQuery,
  timeLabelKey,
} from './homeItems.ts';
import type { HomeView } from './homePreferences.ts';

/**
 * The home page's sections: each shows one tab at a time, and each tab asks for its own few items
 * with one request, so no section waits for another and a folded section asks for nothing.
 */

export const DASHBOARD_LIST_PATH = '/dashboard/list/';
export const SAVED_QUERY_LIST_PATH = '/savedqueryview/list/';
const CHART_ADD_PATH = '/explore/';
const SQL_LAB_PATH = '/sqllab/';

/** Where a section's "View all" leads; Recents has no full list of its own. */
export const SECTION_LIST_PATHS: Record<HomeSection, string | null> = {
  recents: null,
  dashboards: DASHBOARD_LIST_PATH,
  charts: CHART_LIST_PATH,
  savedQueries: SAVED_QUERY_LIST_PATH,
};

interface ItemsState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  items: HomeItem[] | undefined;
}

interface ItemsProps {
  state: ItemsState;
  view: HomeView;
  timeKey: string;
  empty: { text: string; actions: ReactNode };
  /** A star per item (the Favorite tabs). */
  star?: (item: HomeItem) => ReactNode;
}

const CARD_COLUMNS = { xs: 24, sm: 12, lg: 8, xxl: 4 } as const;

function Items({ state, view, timeKey, empty, star }: ItemsProps) {
  const { t } = useTranslation();
  if (state.isError) {
    return (
      <Alert type="error" showIcon title={t('home.loadFailed')} description={errorText(state.error, t)} />
    );
  }
  if (state.isPending || !state.items) {
    return (
      <Row gutter={[16, 16]} aria-busy="true" aria-label={t('home.loading')}>
        {[0, 1, 2].map((index) => (
          <Col key={index} {...CARD_COLUMNS}>
            <Card size="small" loading />
          </Col>
        ))}
      </Row>
    );
  }
  if (state.items.length === 0) {
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty.text}>
        <Flex gap={8} justify="center" wrap>
          {empty.actions}
        </Flex>
      </Empty>
    );
  }
  if (view === 'list') {
    return (
      <div>
        {state.items.map((item) => (
          <HomeListRow key={item.key} item={item} timeKey={timeKey} extra={star?.(item)} />
        ))}
      </div>
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {state.items.map((item) => (
        <Col key={item.key} {...CARD_COLUMNS}>
          <HomeCard item={item} timeKey={timeKey} extra={star?.(item)} />
        </Col>
      ))}
    </Row>
  );
}

function LinkButton({ to, children, primary }: { to: string; children: ReactNode; primary?: boolean }) {
  const navigate = useNavigate();
  return (
    <Button type={primary ? 'primary' : 'default'} onClick={() => void navigate(to)}>
      {children}
    </Button>
  );
}

/** "+ Dashboard": a new untitled dashboard, opened for editing (as the dashboard list's button). */
function NewDashboardButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { addDangerToast } = useToasts();
  const create = useCreateDashboard();
  return (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      loading={create.isPending}
      onClick={() =>
        create.mutate(
          { dashboard_title: UNTITLED_DASHBOARD_TITLE },
          {
            onSuccess: (created) => void navigate(`/superset/dashboard/${created.id}/?edit=true`),
            onError: (error) => addDangerToast(errorText(error, t)),
          },
        )
      }
    >
      {t('home.actions.newDashboard')}
    </Button>
  );
}

/** The buttons of an empty tab: make the first one where the person may, else go and look. */
function useEmptyActions() {
  const { t } = useTranslation();
  const access = useAccess();
  const mayWriteDashboards = access.can(['can_write', 'Dashboard']);
  const mayWriteCharts = access.can(['can_write', 'Chart']);
  return {
    dashboards: (
      <>
        {mayWriteDashboards && <NewDashboardButton />}
        <LinkButton to={DASHBOARD_LIST_PATH}>{t('home.actions.allDashboards')}</LinkButton>
      </>
    ),
    charts: (
      <>
        {mayWriteCharts && (
          <LinkButton to={CHART_ADD_PATH} primary>
            <PlusOutlined /> {t('home.actions.newChart')}
          </LinkButton>
        )}
        <LinkButton to={CHART_LIST_PATH}>{t('home.actions.allCharts')}</LinkButton>
      </>
    ),
    both: (
      <>
        <LinkButton to={DASHBOARD_LIST_PATH}>{t('home.actions.allDashboards')}</LinkButton>
        <LinkButton to={CHART_LIST_PATH}>{t('home.actions.allCharts')}</LinkButton>
      </>
    ),
    queries: (
      <LinkButton to={SQL_LAB_PATH} primary>
        <PlusOutlined /> {t('home.actions.newQuery')}
      </LinkButton>
    ),
  };
}

function RecentsTabBody({ tab, view }: { tab: RecentsTab; view: HomeView }) {
  const { t, i18n } = useTranslation();
  const query = useRecentActivity(recentActivityQuery(tab));
  const items = useMemo(
    () => query.data?.map((item) => fromRecent(item, i18n.language)),
    [query.data, i18n.language],
  );
  const actions = useEmptyActions();
  return (
    <Items
      state={{ ...query, items }}
      view={view}
      timeKey={timeLabelKey(tab)}
      empty={{
        text: t(`home.empty.recents.${tab}`),
        actions: tab === 'created' ? actions.dashboards : actions.both,
      }}
    />
  );
}

/** A Favorite or Mine tab of dashboards or charts: the Favorite tab's items carry a star that unstars them. */
function OwnedItems({
  tab,
  view,
  query,
  items,
  emptyText,
  actions,
  unstar,
}: {
  tab: OwnedTab;
  view: HomeView;
  query: Omit<ItemsState, 'items'> & { isPlaceholderData: boolean };
  items: HomeItem[] | undefined;
  emptyText: string;
  actions: ReactNode;
  unstar: (id: number) => void;
}) {
  return (
    <Items
      state={{ ...query, isPending: query.isPending || query.isPlaceholderData, items }}
      view={view}
      timeKey={timeLabelKey(tab)}
      empty={{ text: emptyText, actions }}
      {...(tab === 'favorite' && {
        star: (item: HomeItem) => <FavoriteStar starred name={item.title} onToggle={() => unstar(item.id)} />,
      })}
    />
  );
}

function DashboardsTabBody({ tab, view, userId }: { tab: OwnedTab; view: HomeView; userId: number }) {
  const { t, i18n } = useTranslation();
  const query = useDashboards(dashboardsQuery(tab, userId));
  const rows = query.isPlaceholderData ? undefined : (query.data?.result as HomeDashboard[] | undefined);
  const items = useMemo(() => rows?.map((row) => fromDashboard(row, i18n.language)), [rows, i18n.language]);
  const toggle = useToggleDashboardFavorite();
  const actions = useEmptyActions();
  return (
    <OwnedItems
      tab={tab}
      view={view}
      query={query}
      items={items}
      emptyText={t(`home.empty.dashboards.${tab}`)}
      actions={actions.dashboards}
      unstar={(id) => toggle.mutate({ id, starred: false })}
    />
  );
}

function ChartsTabBody({ tab, view, userId }: { tab: OwnedTab; view: HomeView; userId: number }) {
  const { t, i18n } = useTranslation();
  const query = useCharts(chartsQuery(tab, userId));
  const rows = query.isPlaceholderData ? undefined : (query.data?.result as HomeChart[] | undefined);
  const items = useMemo(() => rows?.map((row) => fromChart(row, i18n.language)), [rows, i18n.language]);
  const toggle = useToggleChartFavorite();
  const actions = useEmptyActions();
  return (
    <OwnedItems
      tab={tab}
      view={view}
      query={query}
      items={items}
      emptyText={t(`home.empty.charts.${tab}`)}
      actions={actions.charts}
      unstar={(id) => toggle.mutate({ id, starred: false })}
    />
  );
}

function SavedQueriesTabBody({ view, userId }: { view: HomeView; userId: number }) {
  const { t } = useTranslation();
  const query = useSavedQueries(savedQueriesQuery(userId));
  const rows = query.isPlaceholderData ? undefined : (query.data?.result as HomeSavedQuery[] | undefined);
  const items = useMemo(() => rows?.map(fromSavedQuery), [rows]);
  const actions = useEmptyActions();
  return (
    <Items
      state={{ ...query, isPending: query.isPending || query.isPlaceholderData, items }}
      view={view}
      timeKey={timeLabelKey('mine')}
      empty={{ text: t('home.empty.savedQueries.mine'), actions: actions.queries }}
    />
  );
}

interface SectionTabsProps<S extends HomeSection> {
  section: S;
  tab: HomeTab<S>;
  onTab: (tab: HomeTab<S>) => void;
  view: HomeView;
  userId: number;
}

function tabBody(section: HomeSection, tab: string, view: HomeView, userId: number): ReactNode {
  switch (section) {
    case 'recents':
      return <RecentsTabBody tab={tab as RecentsTab} view={view} />;
    case 'dashboards':
      return <DashboardsTabBody tab={tab as OwnedTab} view={view} userId={userId} />;
    case 'charts':
      return <ChartsTabBody tab={tab as OwnedTab} view={view} userId={userId} />;
    case 'savedQueries':
      return <SavedQueriesTabBody view={view} userId={userId} />;
  }
}

/** A section's tabs; only the shown tab's body is mounted, so only it asks the server. */
export function SectionTabs<S extends HomeSection>({
  section,
  tab,
  onTab,
  view,
  userId,
}: SectionTabsProps<S>) {
  const { t } = useTranslation();
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={(key) => onTab(key as HomeTab<S>)}
      destroyOnHidden
      items={(HOME_TABS[section] as readonly string[]).map((key) => ({
        key,
        label: t(`home.tabs.${key}`),
        children: key === tab ? tabBody(section, key, view, userId) : null,
      }))}
    />
  );
}
