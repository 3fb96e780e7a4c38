import type { Dataset } from '@vitrina/common';
import type { Kysely } from 'kysely';
import type { MetastoreSchema } from '../../platform/metastore/schema.ts';
import { presentDataset } from '../datasets/presenter.ts';
import * as datasets from '../datasets/repo.ts';

/**
 * The dataset as explore needs it (Superset's `datasource.data`): the datasets API's show payload —
 * columns and metrics with their Russian names, verbose map, the engine's time grains, the temporal
 * columns, the ordering choices — with the names explore reads (`type`, `filter_select`).
 */

type Db = Kysely<MetastoreSchema>;

export async function exploreDataset(db: Db, dataset: datasets.DatasetRow): Promise<Record<string, unknown>> {
  const presented: Dataset = presentDataset(await datasets.loadDatasetRecord(db, dataset));
  return {
    ...presented,
    type: 'table',
    filter_select: presented.filter_select_enabled,
    edit_url: presented.url,
  };
}

/** What explore is given for a chart whose dataset is gone, as Superset answers: an empty dataset. */
export function missingDataset(id: number | null, type: string): Record<string, unknown> {
  return {
    id,
    uid: id === null ? null : `${id}__${type}`,
    type,
    name: '[Missing Dataset]',
    datasource_name: '[Missing Dataset]',
    columns: [],
    metrics: [],
    verbose_map: {},
    granularity_sqla: [],
    time_grain_sqla: [],
    order_by_choices: [],
    owners: [],
    database: { id: 0, backend: '' },
  };
}
