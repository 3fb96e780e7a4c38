import { Suspense } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import { startDashboardPageReads } from './earlyPageReads.ts';
import { lazyScreen } from './lazyScreen.ts';
import { AppShell, PageSpin } from './shell/AppShell.tsx';
import { LogoutPage } from './shell/LogoutPage.tsx';
import { ScreenErrorBoundary } from './shell/ScreenErrorBoundary.tsx';

const load = {
  login: () => import('../features/login/screens.ts'),
  home: () => import('../features/home/screens.ts'),
  dashboard: () => import('../features/dashboard/screens.ts'),
  dashboardPage: () => import('../features/dashboard/screens.page.ts'),
  charts: () => import('../features/charts/screens.ts'),
  datasets: () => import('../features/datasets/screens.ts'),
  databases: () => import('../features/databases/screens.ts'),
  sqllab: () => import('../features/sqllab/screens.ts'),
  explore: () => import('../features/explore/screens.ts'),
  reports: () => import('../features/reports/screens.ts'),
  onboarding: () => import('../features/onboarding/screens.ts'),
  users: () => import('../features/users/screens.ts'),
  rowLevelSecurity: () => import('../features/rowLevelSecurity/screens.ts'),
  actionLog: () => import('../features/actionLog/screens.ts'),
  annotationLayers: () => import('../features/annotationLayers/screens.ts'),
  allEntities: () => import('../features/allEntities/screens.ts'),
  tags: () => import('../features/tags/screens.ts'),
  notFound: () => import('../features/notFound/screens.ts'),
  embedded: () => import('../features/embedded/screens.ts'),
};

const LoginPage = lazyScreen(load.login, 'LoginPage');
const RegisterPage = lazyScreen(load.login, 'RegisterPage');
const HomePage = lazyScreen(load.home, 'HomePage');
const DashboardListPage = lazyScreen(load.dashboard, 'DashboardListPage');
const DashboardPermalinkPage = lazyScreen(load.dashboard, 'DashboardPermalinkPage');
const ChartListPage = lazyScreen(load.charts, 'ChartListPage');
const DatasetListPage = lazyScreen(load.datasets, 'DatasetListPage');
const CreateDatasetPage = lazyScreen(load.datasets, 'CreateDatasetPage');
const DatasetEditorPage = lazyScreen(load.datasets, 'DatasetEditorPage');
const DatabaseListPage = lazyScreen(load.databases, 'DatabaseListPage');
const SqlLabPage = lazyScreen(load.sqllab, 'SqlLabPage');
const SavedQueryListPage = lazyScreen(load.sqllab, 'SavedQueryListPage');
const QueryHistoryPage = lazyScreen(load.sqllab, 'QueryHistoryPage');
const ExplorePage = lazyScreen(load.explore, 'ExplorePage');
const ReportListPage = lazyScreen(load.reports, 'ReportListPage');
const RequestListPage = lazyScreen(load.onboarding, 'RequestListPage');
const RequestEditPage = lazyScreen(load.onboarding, 'RequestEditPage');
const TeamListPage = lazyScreen(load.onboarding, 'TeamListPage');
const TeamEditPage = lazyScreen(load.onboarding, 'TeamEditPage');
const UserListPage = lazyScreen(load.users, 'UserListPage');
const RoleListPage = lazyScreen(load.users, 'RoleListPage');
const ProfilePage = lazyScreen(load.users, 'ProfilePage');
const RowLevelSecurityListPage = lazyScreen(load.rowLevelSecurity, 'RowLevelSecurityListPage');
const ActionLogPage = lazyScreen(load.actionLog, 'ActionLogPage');
const AnnotationLayerListPage = lazyScreen(load.annotationLayers, 'AnnotationLayerListPage');
const AnnotationListPage = lazyScreen(load.annotationLayers, 'AnnotationListPage');
const AllEntitiesPage = lazyScreen(load.allEntities, 'AllEntitiesPage');
const TagListPage = lazyScreen(load.tags, 'TagListPage');
const NotFoundPage = lazyScreen(load.notFound, 'NotFoundPage');
const EmbeddedDashboardPage = lazyScreen(load.embedded, 'EmbeddedDashboardPage');

/** Every screen: a lazy load, and an error boundary that another page clears. */
function RouteSuspense() {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<PageSpin />}>
        <Outlet />
      </Suspense>
    </ScreenErrorBoundary>
  );
}

/** The paths are Superset's, so links and bookmarks from it keep working. */
const router = createBrowserRouter([
  {
    element: <RouteSuspense />,
    // While a route that loads its code before rendering (the dashboard's) opens the app.
    hydrateFallbackElement: <PageSpin />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      // Inside a host application's frame: no navigation, no onboarding (features/embedded).
      { path: '/embedded/:uuid', element: <EmbeddedDashboardPage /> },
      {
        element: <AppShell />,
        children: [
          { index: true, element: <HomePage /> },
          { path: '/superset/welcome', element: <HomePage /> },
          { path: '/dashboard/list', element: <DashboardListPage /> },
          {
            path: '/superset/dashboard/:idOrSlug',
            // The page's code and its reads start together, before the session is known; the route
            // renders once its code is here, so no Suspense fallback is shown (React holds content back
            // for 300 ms after one).
            lazy: async () => ({ Component: (await load.dashboardPage()).DashboardPage }),
            loader: ({ params }) => {
              startDashboardPageReads(params.idOrSlug);
              return null;
            },
            // Its own address changing (the filters' state in the query string) reads nothing anew.
            shouldRevalidate: ({ currentParams, nextParams }) =>
              currentParams.idOrSlug !== nextParams.idOrSlug,
          },
          { path: '/superset/dashboard/p/:key', element: <DashboardPermalinkPage /> },
          { path: '/chart/list', element: <ChartListPage /> },
          { path: '/tablemodelview/list', element: <DatasetListPage /> },
          { path: '/dataset/add', element: <CreateDatasetPage /> },
          { path: '/dataset/:id/edit', element: <DatasetEditorPage /> },
          { path: '/databaseview/list', element: <DatabaseListPage /> },
          { path: '/sqllab', element: <SqlLabPage /> },
          { path: '/sqllab/p/:key', element: <SqlLabPage /> },
          { path: '/sqllab/history', element: <QueryHistoryPage /> },
          { path: '/savedqueryview/list', element: <SavedQueryListPage /> },
          { path: '/explore', element: <ExplorePage /> },
          { path: '/explore/p/:key', element: <ExplorePage /> },
          { path: '/superset/explore', element: <ExplorePage /> },
          { path: '/superset/explore/p/:key', element: <ExplorePage /> },
          { path: '/report/list', element: <ReportListPage /> },
          { path: '/onboarding/request/list', element: <RequestListPage /> },
          { path: '/onboarding/request/edit/:id', element: <RequestEditPage /> },
          { path: '/onboarding/team/list', element: <TeamListPage /> },
          { path: '/onboarding/team/edit/:id', element: <TeamEditPage /> },
          { path: '/users/list', element: <UserListPage /> },
          { path: '/roles/list', element: <RoleListPage /> },
          { path: '/rowlevelsecurity/list', element: <RowLevelSecurityListPage /> },
          { path: '/actionlog/list', element: <ActionLogPage /> },
          { path: '/annotationlayer/list', element: <AnnotationLayerListPage /> },
          { path: '/annotationlayer/:id/annotation', element: <AnnotationListPage /> },
          { path: '/superset/all_entities', element: <AllEntitiesPage /> },
          { path: '/superset/tags', element: <TagListPage /> },
          { path: '/users/userinfo', element: <ProfilePage /> },
          { path: '/logout', element: <LogoutPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
