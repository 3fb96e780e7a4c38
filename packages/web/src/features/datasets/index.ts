export { CreateDatasetPage } from './CreateDatasetPage.tsx';
export { DatasetEditorPage } from './DatasetEditorPage.tsx';
export { DatasetListPage } from './DatasetListPage.tsx';
export { DATASET_ADD_PATH, DATASET_LIST_PATH, datasetEditPath } from './paths.ts';
export { UploadModal } from './UploadModal.tsx';
