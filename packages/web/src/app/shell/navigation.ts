import type { PermissionPair } from '@vitrina/common';
import { hasPermission, isAdmin, type RolePermissions } from '../../api/access.ts';
import type { FeatureFlag, FeatureFlags } from '../../api/featureFlags.ts';

/** The top navigation: every area of the product, in the order the menu shows them. */
export interface NavLink {
  key: string;
  path: string;
  labelKey: string;
  /** Only administrators see it (the screen itself refuses others too). */
  adminOnly?: boolean;
  /** The pair the screen's API needs: without it the entry is not shown (the API still refuses). */
  permission?: PermissionPair;
  /** Other pages of the same area, which keep this entry highlighted (path prefixes). */
  alsoActiveUnder?: string[];
  /** A feature flag that must be on for the entry to show (for admins too). */
  featureFlag?: FeatureFlag;
}

export interface NavGroup {
  key: string;
  labelKey: string;
  children: NavLink[];
}

export type NavEntry = NavLink | NavGroup;

export const NAVIGATION: NavEntry[] = [
  {
    key: 'dashboards',
    path: '/dashboard/list/',
    labelKey: 'nav.dashboards',
    permission: ['can_read', 'Dashboard'],
  },
  { key: 'charts', path: '/chart/list/', labelKey: 'nav.charts', permission: ['can_read', 'Chart'] },
  {
    key: 'datasets',
    path: '/tablemodelview/list/',
    labelKey: 'nav.datasets',
    alsoActiveUnder: ['/dataset/'],
    permission: ['can_read', 'Dataset'],
  },
  // Superset's SQL menu: the editor, the saved queries and the query history.
  {
    key: 'sql',
    labelKey: 'nav.sql',
    children: [
      { key: 'sqllab', path: '/sqllab/', labelKey: 'nav.sqlLab', permission: ['can_sqllab', 'Superset'] },
      {
        key: 'savedQueries',
        path: '/savedqueryview/list/',
        labelKey: 'nav.savedQueries',
        permission: ['can_read', 'SavedQuery'],
      },
      {
        key: 'queryHistory',
        path: '/sqllab/history/',
        labelKey: 'nav.queryHistory',
        permission: ['can_read', 'Query'],
      },
    ],
  },
  {
    key: 'data',
    labelKey: 'nav.data',
    children: [
      {
        key: 'databases',
        path: '/databaseview/list/',
        labelKey: 'nav.databases',
        permission: ['can_read', 'Database'],
      },
    ],
  },
  {
    key: 'settings',
    labelKey: 'nav.settings',
    children: [
      { key: 'users', path: '/users/list/', labelKey: 'nav.users', adminOnly: true },
      { key: 'roles', path: '/roles/list/', labelKey: 'nav.roles', adminOnly: true },
      {
        key: 'rowLevelSecurity',
        path: '/rowlevelsecurity/list/',
        labelKey: 'nav.rowLevelSecurity',
        adminOnly: true,
      },
      { key: 'actionLog', path: '/actionlog/list/', labelKey: 'nav.actionLog', adminOnly: true },
      {
        key: 'annotationLayers',
        path: '/annotationlayer/list/',
        labelKey: 'nav.annotationLayers',
        permission: ['can_read', 'Annotation'],
        alsoActiveUnder: ['/annotationlayer/'],
      },
      // Superset's Manage → Tags (menu_access on Tags: Alpha and Admin), only while tags are on.
      {
        key: 'tags',
        path: '/superset/tags/',
        labelKey: 'nav.tags',
        permission: ['menu_access', 'Tags'],
        featureFlag: 'TAGGING_SYSTEM',
      },
      {
        key: 'onboardingRequests',
        path: '/onboarding/request/list',
        labelKey: 'nav.onboardingRequests',
        adminOnly: true,
        alsoActiveUnder: ['/onboarding/request/'],
      },
      {
        key: 'teams',
        path: '/onboarding/team/list',
        labelKey: 'nav.teams',
        adminOnly: true,
        alsoActiveUnder: ['/onboarding/team/'],
      },
      {
        key: 'reports',
        path: '/report/list/',
        labelKey: 'nav.reports',
        permission: ['can_read', 'ReportSchedule'],
      },
    ],
  },
];

/** Whether a person with these roles sees the entry (admins see every one whose flag is on). */
export function navLinkVisible(link: NavLink, roles: RolePermissions, flags: FeatureFlags = {}): boolean {
  if (link.featureFlag !== undefined && flags[link.featureFlag] !== true) return false;
  if (isAdmin(roles)) return true;
  if (link.adminOnly) return false;
  return link.permission === undefined || hasPermission(roles, link.permission);
}

/** The menu as a person with these roles sees it: entries they may open, groups with any left. */
export function visibleNavigation(roles: RolePermissions, flags: FeatureFlags = {}): NavEntry[] {
  return NAVIGATION.flatMap((entry): NavEntry[] => {
    if (!isNavGroup(entry)) return navLinkVisible(entry, roles, flags) ? [entry] : [];
    const children = entry.children.filter((link) => navLinkVisible(link, roles, flags));
    return children.length > 0 ? [{ ...entry, children }] : [];
  });
}

/** Whether the menu would show the screen at `path` to these roles (home's cards follow the menu). */
export function pathVisible(path: string, roles: RolePermissions): boolean {
  const links = NAVIGATION.flatMap((entry) => (isNavGroup(entry) ? entry.children : [entry]));
  const link = links.find((each) => trimSlash(each.path) === trimSlash(path));
  return link === undefined || navLinkVisible(link, roles);
}

export function isNavGroup(entry: NavEntry): entry is NavGroup {
  return 'children' in entry;
}

function trimSlash(path: string): string {
  return path.replace(/\/+$/, '');
}

/** The menu key of the page at `pathname`, if the menu has one. */
export function activeNavKey(pathname: string): string | undefined {
  const links = NAVIGATION.flatMap((entry) => (isNavGroup(entry) ? entry.children : [entry]));
  const current = trimSlash(pathname);
  return links.find(
    (link) =>
      trimSlash(link.path) === current || link.alsoActiveUnder?.some((prefix) => pathname.startsWith(prefix)),
  )?.key;
}
