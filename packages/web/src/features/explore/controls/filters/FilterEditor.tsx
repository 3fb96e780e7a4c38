import type { AdhocFilter, ExploreDataset } from '@vitrina/common';
import { Button, Flex, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SqlEditor } from '../../../../components/SqlEditor.tsx';
import { columnOptions, findColumn, offersLatestPartition } from '../shared/datasetNames.ts';
import { TimeRangeField } from '../timeRange/TimeRangeField.tsx';
import {
  buildFilter,
  comparatorFor,
  defaultOperator,
  type FilterDraft,
  type FilterSeed,
  type FilterTab,
  filterDraft,
  OPERATORS,
  type OperatorId,
  operatorsFor,
} from './adhocFilter.ts';
import { FilterValueSelect } from './FilterValueSelect.tsx';

interface FilterEditorProps {
  filter: AdhocFilter | null;
  seed?: FilterSeed;
  datasource: ExploreDataset;
  onSave: (filter: AdhocFilter) => void;
  onClose: () => void;
}

/** The filter popover: a column, an operator and its value(s); or a WHERE / HAVING SQL condition. */
export function FilterEditor({ filter, seed, datasource, onSave, onClose }: FilterEditorProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<FilterDraft>(() => filterDraft(filter, datasource, seed));
  const update = (patch: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const built = buildFilter(draft, datasource);
  const column = findColumn(datasource, draft.subject);
  const operators = operatorsFor(column, offersLatestPartition(datasource, column));
  const kind = draft.operatorId ? OPERATORS[draft.operatorId].kind : null;

  const chooseSubject = (subject: string) => {
    const next = findColumn(datasource, subject);
    const allowed = operatorsFor(next, offersLatestPartition(datasource, next));
    const operatorId =
      draft.operatorId && allowed.includes(draft.operatorId) && draft.operatorId !== 'TEMPORAL_RANGE'
        ? draft.operatorId
        : defaultOperator(next);
    update({ subject, operatorId, comparator: comparatorFor(operatorId, draft.comparator) });
  };
  const chooseOperator = (operatorId: OperatorId) =>
    update({ operatorId, comparator: comparatorFor(operatorId, draft.comparator) });

  const simple = (
    <Flex vertical gap={8}>
      <Select
        aria-label={t('controls.filter.column')}
        style={{ width: '100%' }}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('controls.filter.chooseColumn')}
        value={draft.subject ?? undefined}
        onChange={chooseSubject}
        options={columnOptions(datasource, i18n.language, {
          only: (item) => item.filterable !== false,
        }).map(({ value, label }) => ({ value, label }))}
      />
      <Select
        aria-label={t('controls.filter.operator')}
        style={{ width: '100%' }}
        placeholder={t('controls.filter.chooseOperator')}
        // A dozen options at most: all of them in the list, for screen readers and a scrolling person alike.
        virtual={false}
        disabled={!draft.subject}
        value={draft.operatorId ?? undefined}
        onChange={chooseOperator}
        options={operators.map((id) => ({ value: id, label: t(OPERATORS[id].labelKey) }))}
      />
      {draft.subject && (kind === 'single' || kind === 'multi') && (
        <FilterValueSelect
          // A new column or operator starts a new input (its own suggestions and search).
          key={`${draft.subject}-${kind}`}
          datasource={datasource}
          column={draft.subject}
          multi={kind === 'multi'}
          value={draft.comparator}
          onChange={(comparator) => update({ comparator })}
        />
      )}
      {draft.subject && kind === 'temporal' && (
        <TimeRangeField
          value={typeof draft.comparator === 'string' ? draft.comparator : ''}
          column={draft.subject}
          onChange={(comparator) => update({ comparator })}
        />
      )}
    </Flex>
  );

  const sql = (
    <Flex vertical gap={8}>
      <Select
        aria-label={t('controls.filter.clause')}
        style={{ width: 140 }}
        value={draft.clause}
        onChange={(clause: FilterDraft['clause']) => update({ clause })}
        options={[
          { value: 'WHERE', label: 'WHERE' },
          { value: 'HAVING', label: 'HAVING' },
        ]}
      />
      <SqlEditor
        ariaLabel={t('controls.filter.sqlExpression')}
        value={draft.sqlExpression}
        onChange={(sqlExpression) => update({ sqlExpression })}
        minHeight="100px"
        placeholder={draft.clause === 'WHERE' ? "country = 'FR'" : 'SUM(amount) > 100'}
      />
      <span style={{ fontSize: 12, color: 'var(--ant-color-text-tertiary)' }}>
        {t(draft.clause === 'WHERE' ? 'controls.filter.whereHint' : 'controls.filter.havingHint')}
      </span>
    </Flex>
  );

  return (
    <Flex vertical gap={12} style={{ width: 340 }} className="explore-filter-editor">
      <Tabs
        size="small"
        activeKey={draft.tab}
        onChange={(key) => update({ tab: key as FilterTab })}
        items={[
          { key: 'SIMPLE', label: t('controls.filter.tabs.simple'), children: simple },
          { key: 'SQL', label: t('controls.filter.tabs.sql'), children: sql },
        ]}
      />
      <Flex justify="flex-end" gap={8}>
        <Button size="small" onClick={onClose}>
          {t('controls.common.close')}
        </Button>
        <Button size="small" type="primary" disabled={built === null} onClick={() => built && onSave(built)}>
          {t('controls.common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
