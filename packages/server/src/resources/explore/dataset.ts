import type { Dataset, ExploreDataset } from '@vitrina/common';
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

/** The presenter builds each choice as a `[value, label]` pair; the datasets API types them as lists. */
const asPairs = (choices: string[][]) => choices as Array<[string, string]>;

export async function exploreDataset(db: Db, dataset: datasets.DatasetRow): Promise<ExploreDataset> {
  const presented: Dataset = presentDataset(await datasets.loadDatasetRecord(db, dataset));
  return {
    ...presented,
    granularity_sqla: asPairs(presented.granularity_sqla),
    time_grain_sqla: asPairs(presented.time_grain_sqla),
    order_by_choices: asPairs(presented.order_by_choices),
    type: 'table',
    filter_select: presented.filter_select_enabled,
    edit_url: presented.url,
  };
}

/**
 * What explore is given for a chart whose dataset is gone, as Superset answers: an empty dataset. With
 * no datasource at all the id is 0 (ExploreDataset's id is a number; the serialiser would write 0 for null).
 */
export function missingDataset(id: number | null, type: string): ExploreDataset {
  return {
    id: id ?? 0,
    uid: id === null ? '' : `${id}__${type}`,
    type,
    name: '[Missing Dataset]',
    datasource_name: '[Missing Dataset]',
    table_name: '[Missing Dataset]',
    schema: null,
    description: null,
    description_ru: null,
    main_dttm_col: null,
    columns: [],
    metrics: [],
    verbose_map: {},
    granularity_sqla: [],
    time_grain_sqla: [],
    order_by_choices: [],
    owners: [],
    database: { id: 0, database_name: '', backend: '' },
  };
}
