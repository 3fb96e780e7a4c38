export { ChartListPage } from './ChartListPage.tsx';
