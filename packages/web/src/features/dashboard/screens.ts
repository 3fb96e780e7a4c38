export { DashboardListPage } from './list/DashboardListPage.tsx';
export { DashboardPermalinkPage } from './permalink/DashboardPermalinkPage.tsx';
