/** Where the dataset screens live (Superset's paths where it has them). */
export const DATASET_LIST_PATH = '/tablemodelview/list/';
export const DATASET_ADD_PATH = '/dataset/add/';

export function datasetEditPath(id: number): string {
  return `/dataset/${id}/edit`;
}

/** Explore on the dataset, as a dataset's name links in Superset's list. */
export function datasetExplorePath(id: number): string {
  return `/explore/?datasource_id=${id}&datasource_type=table`;
}
