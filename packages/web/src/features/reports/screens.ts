export { ReportListPage } from './ReportListPage.tsx';
