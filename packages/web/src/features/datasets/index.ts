export { DatasetListPage } from './DatasetListPage.tsx';
