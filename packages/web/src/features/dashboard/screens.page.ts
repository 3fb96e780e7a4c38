// The dashboard page loads apart from the list and permalink pages: a viewer opening a dashboard gets
// none of the list's code (its table, cards, import dialog).
export { DashboardPage } from './DashboardPage.tsx';
