import { AppstoreOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { HOME_SECTIONS, type HomeSection, type HomeTab } from '@vitrina/common/home/sections';
import { Collapse, Segmented } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrentUser, useCurrentUserRoles } from '../../api/me.ts';
import { eventLogger } from '../../app/eventLog/index.ts';
import { pathVisible } from '../../app/shell/navigation.ts';
import { Page } from '../../components/index.ts';
import { SECTION_LIST_PATHS, SectionTabs } from './HomeSections.tsx';
import {
  activeTab,
  type HomeView,
  openSections,
  useHomePreferences,
  withOpenSections,
} from './homePreferences.ts';

/**
 * The home page (Superset's Welcome page): the person's recents, their favourite and own dashboards and
 * charts, and their saved queries. The frame paints at once; each section then loads its own shown tab,
 * and folded sections, the shown tabs and cards or list are remembered per person.
 */
export function HomePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const roles = useCurrentUserRoles();
  const userId = user.data?.id;
  const [preferences, update] = useHomePreferences(userId);
  const name = user.data ? user.data.first_name || user.data.username : '';

  // Events still waiting in the browser (the page just left) are sent now, so Recents can show them.
  useEffect(() => {
    eventLogger.flush();
  }, []);

  const visible = (section: HomeSection) => {
    const path = SECTION_LIST_PATHS[section];
    return path === null || (roles.data !== undefined && pathVisible(path, roles.data.roles));
  };
  const sections = HOME_SECTIONS.filter(visible);

  return (
    <Page
      title={name ? t('home.welcome', { name }) : t('home.welcomeAnonymous')}
      extra={
        <Segmented<HomeView>
          aria-label={t('home.view.label')}
          value={preferences.view}
          onChange={(view) => update((before) => ({ ...before, view }))}
          options={[
            {
              value: 'cards',
              icon: <AppstoreOutlined />,
              title: t('home.view.cards'),
              label: t('home.view.cards'),
            },
            {
              value: 'list',
              icon: <UnorderedListOutlined />,
              title: t('home.view.list'),
              label: t('home.view.list'),
            },
          ]}
        />
      }
    >
      <Collapse
        ghost
        activeKey={openSections(preferences)}
        onChange={(open) => update((before) => withOpenSections(before, Array.isArray(open) ? open : [open]))}
        items={sections.map((section) => {
          const listPath = SECTION_LIST_PATHS[section];
          return {
            key: section,
            label: <span style={{ fontSize: 16, fontWeight: 600 }}>{t(`home.sections.${section}`)}</span>,
            extra: listPath && (
              <Link to={listPath} onClick={(event) => event.stopPropagation()}>
                {t('home.viewAll')}
              </Link>
            ),
            children:
              userId === undefined ? null : (
                <SectionTabs
                  section={section}
                  tab={activeTab(preferences, section)}
                  onTab={(tab) =>
                    update((before) => ({ ...before, tabs: { ...before.tabs, [section]: tab as HomeTab } }))
                  }
                  view={preferences.view}
                  userId={userId}
                />
              ),
          };
        })}
      />
    </Page>
  );
}
