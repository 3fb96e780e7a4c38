export { RowLevelSecurityListPage } from './RowLevelSecurityListPage.tsx';
