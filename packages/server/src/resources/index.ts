import type { RouteModule } from '../http/types.ts';
import { annotationLayerRoutes } from './annotationLayers/routes.ts';
import { loginOptionsRoutes } from './auth/loginOptions/routes.ts';
import { oidcRoutes } from './auth/oidc/routes.ts';
import { registrationRoutes } from './auth/registration/routes.ts';
import { chartDataRoutes } from './chartData/routes.ts';
import { chartRoutes } from './charts/routes.ts';
import { dashboardChartDataRoutes } from './dashboardChartData/routes.ts';
import { dashboardFilterStateRoutes } from './dashboardFilterState/routes.ts';
import { dashboardPermalinkRoutes } from './dashboardPermalink/routes.ts';
import { dashboardRoutes } from './dashboards/routes.ts';
import { databaseRoutes } from './databases/routes.ts';
import { datasetRoutes } from './datasets/routes.ts';
import { exploreRoutes } from './explore/routes.ts';
import { featureFlagRoutes } from './featureFlags/routes.ts';
import { filterSetRoutes } from './filterSets/routes.ts';
import { logRoutes } from './log/routes.ts';
import { onboardingRoutes } from './onboarding/routes.ts';
import { queryRoutes } from './queries/routes.ts';
import { reportRoutes } from './reports/routes.ts';
import { roleRoutes } from './roles/routes.ts';
import { rowLevelSecurityRoutes } from './rowLevelSecurity/routes.ts';
import { savedQueryRoutes } from './savedQueries/routes.ts';
import { searchRoutes } from './search/routes.ts';
import { sessionRoutes } from './sessions/routes.ts';
import { sqlLabRoutes } from './sqllab/routes.ts';
import { stopQueryRoutes } from './sqllab/stop/routes.ts';
import { sqllabPermalinkRoutes } from './sqllabPermalink/routes.ts';
import { statementRoutes } from './statements/routes.ts';
import { tabStateRoutes } from './tabState/routes.ts';
import { tagRoutes } from './tags/routes.ts';
import { teamRoutes } from './teams/routes.ts';
import { thumbnailRoutes } from './thumbnails/routes.ts';
import { timeRangeRoutes } from './timeRange/routes.ts';
import { uploadRoutes } from './upload/routes.ts';
import { userRoutes } from './users/routes.ts';

/**
 * Every resource's routes, in one list. A resource is one folder with routes.ts (schemas and thin
 * handlers), its use cases with their authorisation (service.ts, or one module per use case once that
 * grows large) and repo.ts (its tables).
 */
export const routeModules: RouteModule[] = [
  loginOptionsRoutes,
  oidcRoutes,
  registrationRoutes,
  featureFlagRoutes,
  userRoutes,
  sessionRoutes,
  roleRoutes,
  databaseRoutes,
  datasetRoutes,
  uploadRoutes,
  timeRangeRoutes,
  rowLevelSecurityRoutes,
  chartDataRoutes,
  chartRoutes,
  dashboardRoutes,
  thumbnailRoutes,
  dashboardChartDataRoutes,
  filterSetRoutes,
  dashboardPermalinkRoutes,
  dashboardFilterStateRoutes,
  exploreRoutes,
  tabStateRoutes,
  savedQueryRoutes,
  sqllabPermalinkRoutes,
  sqlLabRoutes,
  queryRoutes,
  stopQueryRoutes,
  reportRoutes,
  onboardingRoutes,
  statementRoutes,
  teamRoutes,
  logRoutes,
  annotationLayerRoutes,
  tagRoutes,
  searchRoutes,
];
