export { EmbeddedDashboardPage } from './EmbeddedDashboardPage.tsx';
