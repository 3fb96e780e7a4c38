export { DashboardListPage } from './DashboardListPage.tsx';
export { DashboardPage } from './DashboardPage.tsx';
