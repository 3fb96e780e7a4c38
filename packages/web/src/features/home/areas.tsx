import {
  AlertOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CodeOutlined,
  DatabaseOutlined,
  SafetyOutlined,
  TableOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/**
 * The areas the home page links to, each with the words that say what it is for; shown to whoever the
 * top menu shows the same screen to (app/shell/navigation.ts).
 */
export interface Area {
  key: string;
  path: string;
  icon: ReactNode;
  titleKey: string;
  descriptionKey: string;
}

export const AREAS: Area[] = [
  {
    key: 'dashboards',
    path: '/dashboard/list/',
    icon: <AppstoreOutlined />,
    titleKey: 'nav.dashboards',
    descriptionKey: 'home.areas.dashboards',
  },
  {
    key: 'charts',
    path: '/chart/list/',
    icon: <BarChartOutlined />,
    titleKey: 'nav.charts',
    descriptionKey: 'home.areas.charts',
  },
  {
    key: 'datasets',
    path: '/tablemodelview/list/',
    icon: <TableOutlined />,
    titleKey: 'nav.datasets',
    descriptionKey: 'home.areas.datasets',
  },
  {
    key: 'sqllab',
    path: '/sqllab/',
    icon: <CodeOutlined />,
    titleKey: 'nav.sqlLab',
    descriptionKey: 'home.areas.sqlLab',
  },
  {
    key: 'databases',
    path: '/databaseview/list/',
    icon: <DatabaseOutlined />,
    titleKey: 'nav.databases',
    descriptionKey: 'home.areas.databases',
  },
  {
    key: 'reports',
    path: '/report/list/',
    icon: <AlertOutlined />,
    titleKey: 'nav.reports',
    descriptionKey: 'home.areas.reports',
  },
  {
    key: 'users',
    path: '/users/list/',
    icon: <UserOutlined />,
    titleKey: 'nav.users',
    descriptionKey: 'home.areas.users',
  },
  {
    key: 'roles',
    path: '/roles/list/',
    icon: <SafetyOutlined />,
    titleKey: 'nav.roles',
    descriptionKey: 'home.areas.roles',
  },
  {
    key: 'onboarding',
    path: '/onboarding/request/list',
    icon: <TeamOutlined />,
    titleKey: 'nav.onboardingRequests',
    descriptionKey: 'home.areas.onboarding',
  },
];
