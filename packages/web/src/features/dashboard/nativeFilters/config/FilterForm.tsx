import type { AdhocFilter, ControlConfig, FormData } from '@vitrina/common';
import { filterTypeTextKey } from '@vitrina/common/filters/definition';
import { isNativeFilter } from '@vitrina/common/filters/items';
import { FILTER_TYPES, filterTypes } from '@vitrina/common/filters/registry';
import type { FilterConfigItem, FilterType, NativeFilter } from '@vitrina/common/filters/types';
import type { FilterValidationError } from '@vitrina/common/filters/validate';
import { Checkbox, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDatasets } from '../../../../api/datasets.ts';
import { AdhocFilterControl, TimeRangeField } from '../../../explore/index.ts';
import { FilterControl } from '../controls/FilterControl.tsx';
import { ColumnMapping } from './ColumnMapping.tsx';
import { withPrimaryTarget } from './draft.ts';
import { ScopeTree } from './ScopeTree.tsx';
import { useFilterDataset } from './useFilterDataset.ts';

const PRE_FILTER_CONTROL: ControlConfig = {
  name: 'adhoc_filters',
  type: 'AdhocFilterControl',
  labelKey: 'nativeFilters.config.preFilters',
};

interface FilterFormProps {
  filter: NativeFilter;
  items: readonly FilterConfigItem[];
  errors: readonly FilterValidationError[];
  onChange: (filter: NativeFilter) => void;
  /** Focused when the filter is the first with an error. */
  nameRef?: React.Ref<import('antd').InputRef>;
}

function fieldError(errors: readonly FilterValidationError[], field: string, t: (key: string) => string) {
  const error = errors.find((entry) => entry.field === field);
  return error ? { validateStatus: 'error' as const, help: t(error.message) } : {};
}

/** One native filter's settings: name, type, target, its type's options, pre-filters, default, cascade, scope. */
export function FilterForm({ filter, items, errors, onChange, nameRef }: FilterFormProps) {
  const { t } = useTranslation();
  const definition = filterTypes[filter.filterType];
  const panel = definition.controlPanel;
  const datasetId = filter.targets[0]?.datasetId;
  const dataset = useFilterDataset(panel.needsDataset ? datasetId : undefined);
  const datasets = useDatasets({
    order_column: 'table_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
    columns: ['id', 'table_name'],
  });
  const update = (change: Partial<NativeFilter>) => onChange({ ...filter, ...change });
  const setControl = (name: string, value: unknown) =>
    update({ controlValues: { ...filter.controlValues, [name]: value } });
  const parents = items.filter((item): item is NativeFilter => isNativeFilter(item) && item.id !== filter.id);
  const temporalColumns = dataset?.columns.filter((column) => column.is_dttm) ?? [];

  return (
    <Form layout="vertical" data-test="filter-form" data-filter-id={filter.id}>
      <Form.Item label={t('nativeFilters.config.name')} required {...fieldError(errors, 'name', t)}>
        <Input
          ref={nameRef}
          aria-label={t('nativeFilters.config.name')}
          value={filter.name}
          onChange={(event) => update({ name: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('nativeFilters.config.filterType')} {...fieldError(errors, 'filterType', t)}>
        <Select<FilterType>
          aria-label={t('nativeFilters.config.filterType')}
          value={filter.filterType}
          options={FILTER_TYPES.map((type) => ({ value: type, label: t(filterTypeTextKey(type, 'name')) }))}
          onChange={(filterType) =>
            update({
              filterType,
              // Column mappings mean nothing to a type without a column.
              targets: filterTypes[filterType].controlPanel.needsColumn
                ? filter.targets
                : [filter.targets[0] ?? {}],
              controlValues: {},
              defaultDataMask: { extraFormData: {}, filterState: {}, ownState: {} },
            })
          }
        />
      </Form.Item>
      {panel.needsDataset && (
        <Form.Item label={t('nativeFilters.config.dataset')} required {...fieldError(errors, 'dataset', t)}>
          <Select<number>
            aria-label={t('nativeFilters.config.dataset')}
            showSearch
            optionFilterProp="label"
            value={datasetId}
            loading={datasets.isLoading}
            options={(datasets.data?.result ?? []).map((row) => ({ value: row.id, label: row.table_name }))}
            onChange={(id) =>
              onChange({
                ...withPrimaryTarget(filter, { datasetId: id }),
                sortMetric: null,
                adhoc_filters: [],
              })
            }
          />
        </Form.Item>
      )}
      {panel.needsColumn && (
        <Form.Item label={t('nativeFilters.config.column')} required {...fieldError(errors, 'column', t)}>
          <Select<string>
            aria-label={t('nativeFilters.config.column')}
            showSearch
            disabled={!dataset}
            value={filter.targets[0]?.column?.name}
            options={(dataset?.columns ?? []).map((column) => ({
              value: column.column_name,
              label: column.column_name,
            }))}
            onChange={(name) => onChange(withPrimaryTarget(filter, { datasetId, column: { name } }))}
          />
        </Form.Item>
      )}
      {panel.controls
        .filter((control) => !control.visibility || control.visibility(filter.controlValues))
        .map((control) => {
          const value = filter.controlValues[control.name] ?? control.default;
          return control.type === 'CheckboxControl' ? (
            <Form.Item
              key={control.name}
              style={{ marginBottom: 8 }}
              tooltip={control.descriptionKey ? t(control.descriptionKey) : undefined}
            >
              <Checkbox
                checked={value === true}
                onChange={(event) => setControl(control.name, event.target.checked)}
              >
                {t(control.labelKey)}
              </Checkbox>
            </Form.Item>
          ) : (
            <Form.Item key={control.name} label={t(control.labelKey)}>
              <Radio.Group
                value={value}
                onChange={(event) => setControl(control.name, event.target.value)}
                options={(control.choices ?? []).map((choice) => ({
                  value: choice.value,
                  label: t(choice.labelKey),
                }))}
              />
            </Form.Item>
          );
        })}
      {panel.hasSortMetric && dataset && (
        <Form.Item label={t('nativeFilters.config.sortMetric')}>
          <Select<string>
            aria-label={t('nativeFilters.config.sortMetric')}
            allowClear
            value={filter.sortMetric ?? undefined}
            options={dataset.metrics.map((metric) => ({
              value: metric.metric_name,
              label: metric.metric_name,
            }))}
            onChange={(metric) => update({ sortMetric: metric ?? null })}
          />
        </Form.Item>
      )}
      {panel.hasPreFilters && dataset && (
        <>
          <AdhocFilterControl
            control={PRE_FILTER_CONTROL}
            value={filter.adhoc_filters ?? []}
            onChange={(value) => update({ adhoc_filters: value as AdhocFilter[] })}
            formData={{ viz_type: 'table', datasource: `${dataset.id}__table` } as FormData}
            datasource={dataset}
            errors={[]}
          />
          <Form.Item
            label={t('nativeFilters.config.preFilterTimeRange')}
            {...fieldError(errors, 'granularity_sqla', t)}
          >
            <Flex vertical gap={8}>
              <Select<string>
                aria-label={t('nativeFilters.config.timeColumn')}
                allowClear
                placeholder={t('nativeFilters.config.timeColumn')}
                value={filter.granularity_sqla ?? undefined}
                options={temporalColumns.map((column) => ({
                  value: column.column_name,
                  label: column.column_name,
                }))}
                onChange={(column) => update({ granularity_sqla: column ?? undefined })}
              />
              <TimeRangeField
                value={filter.time_range ?? 'No filter'}
                onChange={(range) => update({ time_range: range })}
              />
            </Flex>
          </Form.Item>
        </>
      )}
      <Form.Item label={t('nativeFilters.config.defaultValue')} {...fieldError(errors, 'defaultValue', t)}>
        {(!panel.needsDataset || datasetId !== undefined) &&
        (!panel.needsColumn || filter.targets[0]?.column?.name) ? (
          <FilterControl
            filter={filter}
            mask={filter.defaultDataMask}
            onChange={(mask) => update({ defaultDataMask: mask })}
            onDefault={() => {}}
            parentsExtraFormData={{}}
            ariaLabel={t('nativeFilters.config.defaultValue')}
          />
        ) : (
          <Typography.Text type="secondary">{t('nativeFilters.config.chooseTargetFirst')}</Typography.Text>
        )}
      </Form.Item>
      {parents.length > 0 && (
        <Form.Item label={t('nativeFilters.config.parents')} {...fieldError(errors, 'cascadeParentIds', t)}>
          <Select<string[]>
            aria-label={t('nativeFilters.config.parents')}
            mode="multiple"
            value={filter.cascadeParentIds}
            options={parents.map((parent) => ({ value: parent.id, label: parent.name || parent.id }))}
            onChange={(ids) => update({ cascadeParentIds: ids })}
          />
        </Form.Item>
      )}
      <Form.Item label={t('nativeFilters.config.description')}>
        <Input.TextArea
          aria-label={t('nativeFilters.config.description')}
          autoSize={{ minRows: 2 }}
          value={filter.description ?? ''}
          onChange={(event) => update({ description: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('nativeFilters.config.scope')} {...fieldError(errors, 'scope', t)}>
        <ScopeTree filter={filter} mappable={panel.needsColumn} onChange={(scope) => update({ scope })} />
        {panel.needsColumn && <ColumnMapping filter={filter} onChange={onChange} />}
      </Form.Item>
    </Form>
  );
}
