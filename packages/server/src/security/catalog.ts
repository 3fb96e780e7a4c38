import type { PermissionPair } from '@vitrina/common';

/**
 * The permission catalogue: every (permission, view) pair the product checks, grouped by what a group
 * lets a person do, and the built-in roles as unions of groups. syncSecurity writes it to the metastore
 * at every start; docs/permissions.md is rendered from it (catalog.test.ts keeps the two in step).
 * Names follow Superset's, so Superset clients that look for e.g. (can_write, Chart) or (can_csv, Superset)
 * find them.
 */
export interface PermissionGroup {
  name: string;
  /** Why a role holds these pairs; shown in docs/permissions.md. */
  why: string;
  pairs: readonly PermissionPair[];
}

export interface BuiltInRole {
  name: string;
  description: string;
  /** `all` is the whole catalogue (Admin). */
  groups: readonly PermissionGroup[] | 'all';
}

const readWrite = (view: string): PermissionPair[] => [
  ['can_read', view],
  ['can_write', view],
];
const menus = (...names: string[]): PermissionPair[] => names.map((name) => ['menu_access', name]);

export const GROUPS = {
  basics: {
    name: 'basics',
    why: "Everything a logged-in person needs to use any screen: the home page and its recents (the person's own activity), tags, time ranges, async events, action logging, and the onboarding modal (team search included).",
    pairs: [
      ...menus('Home'),
      ['can_recent_activity', 'Log'],
      ['can_read', 'Tag'],
      ['can_time_range', 'Api'],
      ['can_list', 'AsyncEventsRestApi'],
      ['can_log', 'Superset'],
      ['can_read', 'DynamicPlugin'],
      ...readWrite('Onboarding'),
      ['can_read', 'Team'],
    ],
  },
  eventLogging: {
    name: 'eventLogging',
    why: "Send the browser's events to the action log (the event beacon) and read one's own recent activity (the home page's recents): every role a person signs in with, so what they do is logged (the Guest role logs too, without recents).",
    pairs: [
      ['can_log', 'Superset'],
      ['can_recent_activity', 'Log'],
    ],
  },
  viewDashboards: {
    name: 'viewDashboards',
    why: 'Open dashboards and charts, apply native filters (filter state is stored), share links and download CSV.',
    pairs: [
      ...menus('Dashboards', 'Charts'),
      ['can_read', 'Dashboard'],
      ['can_read', 'Chart'],
      ['can_dashboard', 'Superset'],
      ['can_share_dashboard', 'Superset'],
      ['can_share_chart', 'Superset'],
      ['can_csv', 'Superset'],
      ['can_query_form_data', 'Api'],
      ['can_query', 'Api'],
      ['can_get_column_values', 'Datasource'],
      ...readWrite('DashboardFilterStateRestApi'),
      ...readWrite('DashboardPermalinkRestApi'),
    ],
  },
  explore: {
    name: 'explore',
    why: 'Open a chart in Explore and try changes without saving (the draft form data and permalinks are stored).',
    pairs: [
      ['can_explore', 'Superset'],
      ['can_explore_json', 'Superset'],
      ['can_read', 'Explore'],
      ['can_fetch_datasource_metadata', 'Superset'],
      ...readWrite('ExploreFormDataRestApi'),
      ...readWrite('ExplorePermalinkRestApi'),
    ],
  },
  dataAccess: {
    name: 'dataAccess',
    why: 'Query every dataset (chart data needs data access); narrower access is given with custom roles holding per-object pairs.',
    pairs: [
      ['all_datasource_access', 'all_datasource_access'],
      ['all_database_access', 'all_database_access'],
    ],
  },
  editDashboards: {
    name: 'editDashboards',
    why: 'Create and edit (own) charts and dashboards, tag what they may edit, export them, drill into and look at the data and SQL behind a chart.',
    pairs: [
      ['can_write', 'Dashboard'],
      ['can_save_dash', 'Superset'],
      ['can_write', 'Chart'],
      // Superset gives Gamma the Tag view (it is neither Alpha- nor Admin-only): tag what you may edit.
      ['can_write', 'Tag'],
      ['can_bulk_create', 'Tag'],
      ['can_tag', 'Dashboard'],
      ['can_tag', 'Chart'],
      ['can_export', 'Dashboard'],
      ['can_export', 'Chart'],
      ['can_drill', 'Dashboard'],
      ['can_view_query', 'Dashboard'],
      ['can_view_chart_as_table', 'Dashboard'],
      ['can_samples', 'Datasource'],
      ['can_external_metadata', 'Datasource'],
      ['can_read', 'Dataset'],
      ['can_read', 'Database'],
      ...menus('Datasets'),
    ],
  },
  editDatasets: {
    name: 'editDatasets',
    why: 'Create, edit and export datasets; browse databases, their schemas and tables.',
    pairs: [
      ...readWrite('Dataset'),
      ['can_export', 'Dataset'],
      ['can_read', 'Database'],
      ['can_samples', 'Datasource'],
      ['can_external_metadata', 'Datasource'],
      ...menus('Datasets', 'Data', 'Databases'),
    ],
  },
  sqlLab: {
    name: 'sqlLab',
    why: "Superset's SQL Lab set: run queries, fetch and export results, keep editor tabs, saved queries and query history.",
    pairs: [
      ['can_sqllab', 'Superset'],
      ['can_sqllab_history', 'Superset'],
      ['can_read', 'Superset'],
      ['can_csv', 'Superset'],
      ['can_read', 'SQLLab'],
      ['can_execute_sql_query', 'SQLLab'],
      ['can_get_results', 'SQLLab'],
      ['can_export_csv', 'SQLLab'],
      ['can_estimate_query_cost', 'SQLLab'],
      ['can_format_sql', 'SQLLab'],
      ...readWrite('SavedQuery'),
      ['can_export', 'SavedQuery'],
      ['can_read', 'Query'],
      ...readWrite('TabStateView'),
      ...readWrite('TableSchemaView'),
      ...readWrite('SqlLabPermalinkRestApi'),
      ['can_store', 'KV'],
      ['can_get_value', 'KV'],
      ['can_read', 'Database'],
      ...menus('SQL Lab', 'SQL Editor', 'Saved Queries', 'Query Search'),
    ],
  },
  manageData: {
    name: 'manageData',
    why: 'Alpha-only items in Superset: add and edit database connections, upload files, annotation layers, CSS templates, the Tags menu, alerts and reports.',
    pairs: [
      ['can_write', 'Database'],
      ['can_export', 'Database'],
      ['can_upload', 'Database'],
      ...readWrite('Annotation'),
      ...readWrite('CssTemplate'),
      ...readWrite('ReportSchedule'),
      ...menus(
        'Data',
        'Databases',
        'Annotation Layers',
        'CSS Templates',
        'Tags',
        'Alerts & Report',
        'Settings',
      ),
    ],
  },
  administration: {
    name: 'administration',
    why: 'Admin-only in Superset: users, roles, row-level security, the action log, every query, onboarding requests and teams, guest tokens and embedding.',
    pairs: [
      ...readWrite('User'),
      ...readWrite('Role'),
      ...readWrite('RowLevelSecurity'),
      ['can_read', 'Log'],
      ['can_write', 'Team'],
      ...readWrite('Statement'),
      ['all_query_access', 'all_query_access'],
      ['can_read', 'SecurityRestApi'],
      ['can_grant_guest_token', 'SecurityRestApi'],
      ['can_set_embedded', 'Dashboard'],
      ['can_warm_up_cache', 'Chart'],
      ...menus(
        'Security',
        'List Users',
        'List Roles',
        'Row Level Security',
        'Action Log',
        'Requests',
        'Teams',
      ),
    ],
  },
  embeddedGuest: {
    name: 'embeddedGuest',
    why: "What an embedded dashboard's guest token may do (VITRINA_GUEST_ROLE): read the token's dashboards, their charts and data, filter values, drill to detail, CSV, and log its events; the token's scope and row-level security bound all of it.",
    pairs: [
      ['can_read', 'Dashboard'],
      ['can_read', 'Chart'],
      ['can_read', 'EmbeddedDashboard'],
      ['can_dashboard', 'Superset'],
      ['can_csv', 'Superset'],
      ['can_log', 'Superset'],
      ['can_query', 'Api'],
      ['can_query_form_data', 'Api'],
      ['can_time_range', 'Api'],
      ['can_get_column_values', 'Datasource'],
      ['can_samples', 'Datasource'],
      ['can_list', 'AsyncEventsRestApi'],
    ],
  },
} satisfies Record<string, PermissionGroup>;

/** The roles every installation has, in the order they are created. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  { name: 'Admin', description: 'Everything, including users, roles and security.', groups: 'all' },
  {
    name: 'Alpha',
    description: 'All non-admin features and access to all data, without SQL Lab or security administration.',
    groups: [
      GROUPS.basics,
      GROUPS.viewDashboards,
      GROUPS.explore,
      GROUPS.editDashboards,
      GROUPS.editDatasets,
      GROUPS.dataAccess,
      GROUPS.manageData,
    ],
  },
  {
    name: 'Gamma',
    description: 'View and build charts and dashboards; no data access unless another role grants it.',
    groups: [GROUPS.basics, GROUPS.viewDashboards, GROUPS.explore, GROUPS.editDashboards],
  },
  {
    name: 'sql_lab',
    description: 'SQL Lab; combine with a role that grants data access.',
    groups: [GROUPS.sqlLab, GROUPS.eventLogging],
  },
  { name: 'Public', description: 'Anonymous visitors; empty by default.', groups: [] },
  {
    name: 'Guest',
    description: "Embedded dashboards' guest tokens, within each token's dashboards and row-level security.",
    groups: [GROUPS.embeddedGuest],
  },
  {
    name: 'readonly',
    description: 'View dashboards and charts.',
    groups: [GROUPS.basics, GROUPS.viewDashboards, GROUPS.explore, GROUPS.dataAccess],
  },
  {
    name: 'Vizualize data',
    description: 'Create dashboards and charts.',
    groups: [GROUPS.basics, GROUPS.viewDashboards, GROUPS.explore, GROUPS.dataAccess, GROUPS.editDashboards],
  },
  {
    name: 'Create data',
    description: 'Create datasets and use SQL Lab.',
    groups: [
      GROUPS.basics,
      GROUPS.viewDashboards,
      GROUPS.explore,
      GROUPS.dataAccess,
      GROUPS.editDatasets,
      GROUPS.sqlLab,
    ],
  },
];

export const BUILT_IN_ROLE_NAMES: ReadonlySet<string> = new Set(BUILT_IN_ROLES.map((role) => role.name));

/** The three roles a person may ask for during onboarding (the misspelling is Dodo's and kept). */
export const REQUESTABLE_ROLE_NAMES = ['readonly', 'Vizualize data', 'Create data'] as const;

function uniquePairs(pairs: Iterable<PermissionPair>): PermissionPair[] {
  const seen = new Map<string, PermissionPair>();
  for (const pair of pairs) seen.set(`${pair[0]}|${pair[1]}`, pair);
  return [...seen.values()];
}

/** Every pair the product uses, once each. */
export const PERMISSION_CATALOG: readonly PermissionPair[] = uniquePairs(
  Object.values(GROUPS).flatMap((group): PermissionPair[] => [...group.pairs]),
);

/** A built-in role's pairs, each once. */
export function pairsOfRole(role: BuiltInRole): PermissionPair[] {
  return role.groups === 'all'
    ? [...PERMISSION_CATALOG]
    : uniquePairs(role.groups.flatMap((group): PermissionPair[] => [...group.pairs]));
}
