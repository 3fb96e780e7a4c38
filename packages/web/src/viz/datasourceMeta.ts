import type { Dataset, DatasourceMeta, ExploreDataset } from '@vitrina/common';
import { localizedName } from '../components/localizedName.ts';

/** What both dataset shapes (explore's and the dataset API's) carry for a chart. */
type DatasetLike = Pick<ExploreDataset, 'id' | 'verbose_map'> &
  ({ type: string } | { datasource_type: Dataset['datasource_type'] }) & {
    columns: ReadonlyArray<
      Pick<
        ExploreDataset['columns'][number],
        'column_name' | 'verbose_name' | 'verbose_name_ru' | 'type_generic' | 'is_dttm'
      >
    >;
    metrics: ReadonlyArray<
      Pick<
        ExploreDataset['metrics'][number],
        'metric_name' | 'verbose_name' | 'verbose_name_ru' | 'd3format' | 'currency'
      >
    >;
  };

/** The verbose name in the UI language (the Russian one when the UI is Russian and it is set); null when none. */
function verboseName(en: string | null, ru: string | null | undefined, language: string): string | null {
  const name = localizedName(en, ru, language);
  return name.trim() === '' ? null : name;
}

/**
 * A dataset as charts need it: its columns and metrics with verbose names in the UI language, and the
 * name → label map built from them (the server's verbose_map is the base, for labels such as `__timestamp`).
 */
export function toDatasourceMeta(dataset: DatasetLike, language: string): DatasourceMeta {
  const verboseMap: Record<string, string> = { ...(dataset.verbose_map ?? {}) };

  const columns = dataset.columns.map((column) => {
    const name = verboseName(column.verbose_name, column.verbose_name_ru, language);
    if (name) verboseMap[column.column_name] = name;
    return {
      column_name: column.column_name,
      verbose_name: name,
      type_generic: column.type_generic,
      is_dttm: column.is_dttm,
    };
  });

  const metrics = dataset.metrics.map((metric) => {
    const name = verboseName(metric.verbose_name, metric.verbose_name_ru, language);
    if (name) verboseMap[metric.metric_name] = name;
    return {
      metric_name: metric.metric_name,
      verbose_name: name,
      d3format: metric.d3format,
      currency: metric.currency,
    };
  });

  return {
    id: dataset.id,
    type: 'type' in dataset ? dataset.type : dataset.datasource_type,
    columns,
    metrics,
    verboseMap,
  };
}
