export { DashboardPage } from './DashboardPage.tsx';
export { DashboardListPage } from './list/DashboardListPage.tsx';
export { DashboardPermalinkPage } from './permalink/DashboardPermalinkPage.tsx';
