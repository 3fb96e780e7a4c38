import {
  CloseOutlined,
  DownOutlined,
  EyeOutlined,
  KeyOutlined,
  LinkOutlined,
  RightOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { Button, Empty, Flex, Select, Spin, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useTableMetadata, useTables } from '../../../api/databases.ts';
import { ErrorBox } from '../../../components/index.ts';
import type { EditorTab, TableSchema } from '../state/editorState.ts';

interface TableBrowserProps {
  tab: EditorTab;
  tables: TableSchema[];
  allowPreview: boolean;
  schemaOptions: string[];
  onSchemaChange: (schema: string | null) => void;
  onAddTable: (schema: string, name: string) => void;
  onToggleTable: (table: TableSchema) => void;
  onRemoveTable: (table: TableSchema) => void;
  onPreview: (table: TableSchema, selectStar: string) => void;
}

/** The left bar: pick a schema and a table to add it; each added table shows its columns and keys. */
export function TableBrowser({
  tab,
  tables,
  allowPreview,
  schemaOptions,
  onSchemaChange,
  onAddTable,
  onToggleTable,
  onRemoveTable,
  onPreview,
}: TableBrowserProps) {
  const { t } = useTranslation();
  const tableList = useTables(tab.dbId ?? undefined, tab.schema ?? undefined);
  const added = new Set(tables.map((table) => `${table.schema}.${table.name}`));
  return (
    <Flex vertical gap={8} className="sqllab-table-browser" style={{ width: '100%' }}>
      <Select
        aria-label={t('sqlLab.schema')}
        placeholder={t('sqlLab.selectSchema')}
        value={tab.schema ?? undefined}
        onChange={(value: string | undefined) => onSchemaChange(value ?? null)}
        options={schemaOptions.map((schema) => ({ value: schema, label: schema }))}
        showSearch
        allowClear
        disabled={tab.dbId === null}
      />
      <Select
        aria-label={t('sqlLab.leftBar.addTable')}
        placeholder={t('sqlLab.selectTable')}
        value={null}
        loading={tableList.isLoading}
        disabled={!tab.schema}
        showSearch
        onChange={(name: string | null) => {
          if (name && tab.schema) onAddTable(tab.schema, name);
        }}
        options={(tableList.data ?? []).map((entry) => ({
          value: entry.value,
          label: entry.value,
          disabled: added.has(`${tab.schema}.${entry.value}`),
        }))}
      />
      {tables.map((table) => (
        <TableCard
          key={table.id}
          table={table}
          allowPreview={allowPreview}
          onToggle={() => onToggleTable(table)}
          onRemove={() => onRemoveTable(table)}
          onPreview={(selectStar) => onPreview(table, selectStar)}
        />
      ))}
    </Flex>
  );
}

interface TableCardProps {
  table: TableSchema;
  allowPreview: boolean;
  onToggle: () => void;
  onRemove: () => void;
  onPreview: (selectStar: string) => void;
}

function TableCard({ table, allowPreview, onToggle, onRemove, onPreview }: TableCardProps) {
  const { t } = useTranslation();
  const metadata = useTableMetadata(table.dbId, table.schema, table.name);
  const primary = new Set(metadata.data?.primaryKey?.column_names ?? []);
  const foreign = new Set((metadata.data?.foreignKeys ?? []).flatMap((key) => key.column_names));
  const indexed = new Set((metadata.data?.indexes ?? []).flatMap((index) => index.column_names ?? []));
  return (
    <div
      className="sqllab-table"
      data-testid={`sqllab-table-${table.name}`}
      style={{ borderBottom: '1px solid #f0f0f0' }}
    >
      <Flex align="center" gap={4}>
        <Button
          type="text"
          size="small"
          aria-label={table.expanded ? t('sqlLab.leftBar.collapse') : t('sqlLab.leftBar.expand')}
          icon={table.expanded ? <DownOutlined /> : <RightOutlined />}
          onClick={onToggle}
        />
        <TableOutlined />
        <Typography.Text strong ellipsis style={{ flex: 1 }} title={`${table.schema}.${table.name}`}>
          {table.name}
        </Typography.Text>
        {allowPreview && (
          <Tooltip title={t('sqlLab.leftBar.preview')}>
            <Button
              type="text"
              size="small"
              aria-label={t('sqlLab.leftBar.preview')}
              icon={<EyeOutlined />}
              disabled={!metadata.data}
              onClick={() => metadata.data && onPreview(metadata.data.selectStar)}
            />
          </Tooltip>
        )}
        <Tooltip title={t('sqlLab.leftBar.remove')}>
          <Button
            type="text"
            size="small"
            aria-label={t('sqlLab.leftBar.remove')}
            icon={<CloseOutlined />}
            onClick={onRemove}
          />
        </Tooltip>
      </Flex>
      {table.expanded && (
        <div style={{ paddingLeft: 28, paddingBottom: 6 }}>
          {metadata.isLoading && <Spin size="small" />}
          {metadata.error && (
            <ErrorBox message={t('sqlLab.toasts.tableMetadataFailed')} error={metadata.error} />
          )}
          {metadata.data?.columns.length === 0 && <Empty description={t('sqlLab.leftBar.noColumns')} />}
          {metadata.data?.columns.map((column) => (
            <Flex key={column.name} justify="space-between" gap={8} style={{ fontSize: 12 }}>
              <span>
                {primary.has(column.name) && (
                  <Tooltip title={t('sqlLab.leftBar.primaryKey')}>
                    <KeyOutlined aria-label={t('sqlLab.leftBar.primaryKey')} />{' '}
                  </Tooltip>
                )}
                {foreign.has(column.name) && (
                  <Tooltip title={t('sqlLab.leftBar.foreignKey')}>
                    <LinkOutlined aria-label={t('sqlLab.leftBar.foreignKey')} />{' '}
                  </Tooltip>
                )}
                {indexed.has(column.name) && !primary.has(column.name) && (
                  <Typography.Text type="secondary" title={t('sqlLab.leftBar.index')}>
                    #{' '}
                  </Typography.Text>
                )}
                {column.name}
              </span>
              <Typography.Text type="secondary" ellipsis>
                {column.type}
              </Typography.Text>
            </Flex>
          ))}
        </div>
      )}
    </div>
  );
}
