/** What other features may use from datasets; the routed screens are in screens.ts, loaded lazily by the router. */
export { DATASET_ADD_PATH, DATASET_LIST_PATH, datasetEditPath } from './paths.ts';
export { UploadModal } from './UploadModal.tsx';
