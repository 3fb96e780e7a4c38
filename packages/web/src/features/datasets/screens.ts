export { CreateDatasetPage } from './CreateDatasetPage.tsx';
export { DatasetEditorPage } from './DatasetEditorPage.tsx';
export { DatasetListPage } from './DatasetListPage.tsx';
