export { DashboardDataProvider } from './DashboardDataProvider.tsx';
