import type { AdhocFilter } from '@vitrina/common';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../shared/ControlFrame.tsx';
import { asList } from '../shared/controlMeta.ts';
import { findColumn, findMetric } from '../shared/datasetNames.ts';
import { OptionList } from '../shared/OptionList.tsx';
import { namedRangeKey } from '../timeRange/rangeLabel.ts';
import type { ControlProps } from '../types.ts';
import { type FilterSeed, filterLabel } from './adhocFilter.ts';
import { FilterEditor } from './FilterEditor.tsx';

/** Adhoc filters: simple column conditions, time ranges and custom WHERE / HAVING SQL. */
export function AdhocFilterControl({ control, value, onChange, datasource, errors }: ControlProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const items = asList<AdhocFilter>(value);
  const rangeText = (range: string) => {
    const key = namedRangeKey(range);
    return key ? t(key) : range;
  };

  return (
    <ControlFrame control={control} errors={errors} labelId={labelId}>
      <OptionList<AdhocFilter, FilterSeed>
        controlName={control.name}
        labelledBy={labelId}
        items={items}
        multi
        itemLabel={(filter) => filterLabel(filter, rangeText, t('controls.filter.latestPartitionValue'))}
        placeholder={t('controls.filter.dropColumns')}
        onChange={onChange}
        onDropPayload={(payload) => {
          if (payload.kind === 'column')
            return findColumn(datasource, payload.name) ? { edit: { column: payload.name } } : null;
          // A saved metric becomes a HAVING condition on its expression, as Superset does.
          const metric = findMetric(datasource, payload.name);
          return metric ? { edit: { metricSql: metric.expression } } : null;
        }}
        renderEditor={({ item, seed, onSave, onClose }) => (
          <FilterEditor filter={item} seed={seed} datasource={datasource} onSave={onSave} onClose={onClose} />
        )}
      />
    </ControlFrame>
  );
}
