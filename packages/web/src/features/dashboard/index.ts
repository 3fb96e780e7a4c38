export { DashboardById } from './DashboardPage.tsx';
