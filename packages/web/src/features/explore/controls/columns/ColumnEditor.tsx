import type { ExploreDataset, QueryColumn } from '@vitrina/common';
import { Button, Flex, Input, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SqlEditor } from '../../../../components/SqlEditor.tsx';
import { columnOptions } from '../shared/datasetNames.ts';
import { buildColumn, type ColumnDraft, type ColumnTab, columnDraft } from './adhocColumn.ts';

interface ColumnEditorProps {
  column: QueryColumn | null;
  datasource: ExploreDataset;
  temporalFirst: boolean;
  onSave: (column: QueryColumn) => void;
  onClose: () => void;
}

/** The column popover: a dataset column, or a custom SQL expression with a label. */
export function ColumnEditor({ column, datasource, temporalFirst, onSave, onClose }: ColumnEditorProps) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState<ColumnDraft>(() => columnDraft(column));
  const update = (patch: Partial<ColumnDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const built = buildColumn(draft);

  const simple = (
    <Select
      aria-label={t('controls.column.column')}
      style={{ width: '100%' }}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('controls.column.chooseColumn')}
      value={draft.column ?? undefined}
      onChange={(value: string) => update({ column: value })}
      options={columnOptions(datasource, i18n.language, { temporalFirst }).map(({ value, label }) => ({
        value,
        label,
      }))}
    />
  );

  const sql = (
    <Flex vertical gap={8}>
      <Input
        aria-label={t('controls.column.label')}
        placeholder={draft.sqlExpression.trim() || t('controls.column.labelPlaceholder')}
        value={draft.label}
        onChange={(event) => update({ label: event.target.value })}
      />
      <SqlEditor
        ariaLabel={t('controls.column.sqlExpression')}
        value={draft.sqlExpression}
        onChange={(value) => update({ sqlExpression: value })}
        minHeight="100px"
      />
    </Flex>
  );

  return (
    <Flex vertical gap={12} style={{ width: 320 }} className="explore-column-editor">
      <Tabs
        size="small"
        activeKey={draft.tab}
        onChange={(key) => update({ tab: key as ColumnTab })}
        items={[
          { key: 'SIMPLE', label: t('controls.column.tabs.simple'), children: simple },
          { key: 'SQL', label: t('controls.column.tabs.sql'), children: sql },
        ]}
      />
      <Flex justify="flex-end" gap={8}>
        <Button size="small" onClick={onClose}>
          {t('controls.common.close')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={built === null}
          onClick={() => built !== null && onSave(built)}
        >
          {t('controls.common.save')}
        </Button>
      </Flex>
    </Flex>
  );
}
