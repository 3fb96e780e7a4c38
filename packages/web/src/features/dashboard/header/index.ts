export { DashboardHeader } from './DashboardHeader.tsx';
