import type { DashboardDto } from '@vitrina/common';
import { type ReactNode, useReducer } from 'react';
import { DashboardContext, type DashboardContextValue, type StandaloneMode } from '../context.ts';
import type { DashboardPermissions } from '../permissions.ts';
import { type DashboardSessionState, initialSession, sessionReducer } from '../state/sessionReducer.ts';

/** Test fixtures of the header and the chart menu: a dashboard, permissions, and a live session. */

export const TEST_DASHBOARD: DashboardDto = {
  id: 7,
  uuid: 'u-7',
  slug: 'sales',
  url: '/superset/dashboard/sales/',
  dashboard_title: 'Sales',
  dashboard_title_ru: 'Продажи',
  thumbnail_url: null,
  published: false,
  css: '',
  json_metadata: '{}',
  position_json: null,
  certified_by: 'Data team',
  certification_details: 'Checked monthly',
  changed_by_name: 'Anna Ivanova',
  changed_by: null,
  changed_on: '2024-05-01T10:00:00',
  changed_on_delta_humanized: '2 days ago',
  created_by: null,
  created_on_delta_humanized: '3 days ago',
  charts: [],
  owners: [{ id: 1, first_name: 'Anna', last_name: 'Ivanova' }],
  roles: [],
  tags: [],
  is_managed_externally: false,
};

export const ALL_PERMISSIONS: DashboardPermissions = {
  edit: true,
  save: true,
  share: true,
  explore: true,
  shareChart: true,
  csv: true,
  viewQuery: true,
  embed: true,
};

export const NO_PERMISSIONS: DashboardPermissions = {
  edit: false,
  save: false,
  share: false,
  explore: false,
  shareChart: false,
  csv: false,
  viewQuery: true,
  embed: false,
};

export interface TestDashboardOptions {
  dashboard?: DashboardDto;
  permissions?: DashboardPermissions;
  editing?: boolean;
  standalone?: StandaloneMode;
  refreshCharts?: DashboardContextValue['refreshCharts'];
  /** Changes made to the session before the test starts (marks it unsaved). */
  session?: Partial<DashboardSessionState>;
}

function loadedSession(dashboard: DashboardDto, options: TestDashboardOptions): DashboardSessionState {
  const loaded = sessionReducer(initialSession(), {
    type: 'load',
    layout: {},
    css: dashboard.css ?? '',
    metadata: JSON.parse(dashboard.json_metadata ?? '{}'),
    title: dashboard.dashboard_title,
    titleRu: dashboard.dashboard_title_ru ?? '',
    properties: {
      slug: dashboard.slug,
      owners: dashboard.owners,
      roles: dashboard.roles,
      certifiedBy: dashboard.certified_by,
      certificationDetails: dashboard.certification_details,
    },
  });
  return { ...loaded, editing: options.editing ?? false, ...options.session };
}

/** The dashboard page's context around `children`, with the real session reducer. */
export function TestDashboard({ children, ...options }: TestDashboardOptions & { children: ReactNode }) {
  const dashboard = options.dashboard ?? TEST_DASHBOARD;
  const [session, dispatch] = useReducer(sessionReducer, undefined, () => loadedSession(dashboard, options));
  const value: DashboardContextValue = {
    dashboard,
    charts: new Map(),
    permissions: options.permissions ?? ALL_PERMISSIONS,
    session,
    dispatch,
    refreshCharts: options.refreshCharts ?? (() => {}),
    refreshNonces: new Map(),
    standalone: options.standalone ?? 0,
  };
  return <DashboardContext.Provider value={value}>{children}</DashboardContext.Provider>;
}
