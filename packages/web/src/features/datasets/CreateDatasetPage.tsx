import { TableOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  type TableMetadataColumn,
  useDatabaseOptions,
  useSchemas,
  useTableMetadata,
  useTables,
} from '../../api/databases.ts';
import { useCreateDataset } from '../../api/datasets.ts';
import { useAccess } from '../../api/useAccess.ts';
import { ErrorBox, Page, useToasts } from '../../components/index.ts';
import { DATASET_LIST_PATH, datasetEditPath } from './paths.ts';

/** `/dataset/add/`: the form, or a refusal to someone without can_write on Dataset (the API refuses too). */
export function CreateDatasetPage() {
  const { t } = useTranslation();
  const access = useAccess();
  if (!access.ready) return <Skeleton active />;
  if (!access.can(['can_write', 'Dataset'])) {
    return (
      <Page title={t('datasets.create.title')}>
        <ErrorBox
          title={t('errors.status.forbidden')}
          message={t('access.forbiddenCreate', { kind: t('access.kinds.dataset') })}
        />
      </Page>
    );
  }
  return <CreateDatasetForm />;
}

/** Pick database → schema → table, look at its columns, create the dataset. */
function CreateDatasetForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { addSuccessToast } = useToasts();
  const [databaseId, setDatabaseId] = useState<number>();
  const [schema, setSchema] = useState<string>();
  const [table, setTable] = useState<string>();
  const [createError, setCreateError] = useState<unknown>();
  const databases = useDatabaseOptions();
  const schemas = useSchemas(databaseId);
  const tables = useTables(databaseId, schema);
  const metadata = useTableMetadata(databaseId, schema, table);
  const createDataset = useCreateDataset();

  const create = async () => {
    if (databaseId === undefined || !table) return;
    setCreateError(undefined);
    try {
      const created = await createDataset.mutateAsync({
        database: databaseId,
        schema: schema ?? null,
        table_name: table,
      });
      addSuccessToast(t('datasets.createdToast', { name: table }));
      void navigate(datasetEditPath(Number(created.id)));
    } catch (error) {
      setCreateError(error);
    }
  };

  const browseError = databases.error ?? schemas.error ?? tables.error;

  return (
    <Page title={t('datasets.create.title')}>
      <Flex gap={24} align="flex-start" wrap>
        <Card style={{ width: 340 }} styles={{ body: { paddingBottom: 8 } }}>
          <Form layout="vertical">
            <Form.Item label={t('datasets.create.database')} htmlFor="dataset-database">
              <Select
                id="dataset-database"
                showSearch
                optionFilterProp="label"
                placeholder={t('datasets.create.databasePlaceholder')}
                loading={databases.isPending}
                value={databaseId}
                options={(databases.data ?? []).map((database) => ({
                  value: database.id,
                  label: database.database_name,
                }))}
                onChange={(value: number) => {
                  setDatabaseId(value);
                  setSchema(undefined);
                  setTable(undefined);
                  setCreateError(undefined);
                }}
              />
            </Form.Item>
            <Form.Item label={t('datasets.create.schema')} htmlFor="dataset-schema">
              <Select
                id="dataset-schema"
                showSearch
                placeholder={t('datasets.create.schemaPlaceholder')}
                disabled={databaseId === undefined}
                loading={schemas.isFetching}
                value={schema}
                options={(schemas.data ?? []).map((value) => ({ value, label: value }))}
                onChange={(value: string) => {
                  setSchema(value);
                  setTable(undefined);
                  setCreateError(undefined);
                }}
              />
            </Form.Item>
            <Form.Item label={t('datasets.create.table')} htmlFor="dataset-table">
              <Select
                id="dataset-table"
                showSearch
                placeholder={t('datasets.create.tablePlaceholder')}
                disabled={schema === undefined}
                loading={tables.isFetching}
                value={table}
                notFoundContent={tables.isFetching ? undefined : t('datasets.create.noTables')}
                options={(tables.data ?? []).map((entry) => ({
                  value: entry.value,
                  label: entry.value,
                  kind: entry.type,
                }))}
                optionRender={(option) => (
                  <Space>
                    <TableOutlined />
                    {option.label}
                    {option.data.kind === 'view' && <Tag>{t('datasets.create.view')}</Tag>}
                  </Space>
                )}
                onChange={(value: string) => {
                  setTable(value);
                  setCreateError(undefined);
                }}
              />
            </Form.Item>
          </Form>
        </Card>
        <Flex vertical gap={16} style={{ flex: 1, minWidth: 360 }}>
          {browseError && <ErrorBox error={browseError} />}
          {createError !== undefined && <ErrorBox error={createError} />}
          <Card
            title={table ? t('datasets.create.columnsOf', { table }) : t('datasets.create.preview')}
            extra={
              table && (
                <Typography.Text type="secondary">
                  {t('datasets.create.columnCount', { count: metadata.data?.columns.length ?? 0 })}
                </Typography.Text>
              )
            }
          >
            {!table ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('datasets.create.pickTable')} />
            ) : metadata.isError ? (
              <ErrorBox error={metadata.error} />
            ) : (
              <Table<TableMetadataColumn>
                size="small"
                rowKey="name"
                loading={metadata.isPending}
                pagination={false}
                scroll={{ y: 420 }}
                dataSource={metadata.data?.columns ?? []}
                columns={[
                  { key: 'name', dataIndex: 'name', title: t('datasets.create.columnName') },
                  { key: 'type', dataIndex: 'type', title: t('datasets.create.columnType') },
                ]}
              />
            )}
          </Card>
          <Flex justify="flex-end" gap={8}>
            <Button onClick={() => void navigate(DATASET_LIST_PATH)}>{t('common.cancel')}</Button>
            <Button
              type="primary"
              disabled={!table}
              loading={createDataset.isPending}
              onClick={() => void create()}
            >
              {t('datasets.create.submit')}
            </Button>
          </Flex>
        </Flex>
      </Flex>
    </Page>
  );
}
