import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Radio,
  Select,
  Skeleton,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  type DatasetDetail,
  useDataset,
  useDatasetRelated,
  useRefreshDataset,
  useUpdateDataset,
} from '../../api/datasets.ts';
import { errorText, saveErrorText } from '../../api/errors.ts';
import { useAccess } from '../../api/useAccess.ts';
import { ErrorBox, localizedName, Page, SqlEditor, useToasts } from '../../components/index.ts';
import { ColumnModal } from './ColumnModal.tsx';
import { CertifiedName } from './DatasetName.tsx';
import {
  type DatasetDraft,
  type DraftColumn,
  type DraftMetric,
  datasetUpdateRequest,
  draftFromDataset,
  draftProblems,
  isCalculated,
} from './editorModel.ts';
import { MetricModal } from './MetricModal.tsx';
import { DATASET_LIST_PATH } from './paths.ts';

type Editing =
  | { kind: 'metric'; metric?: DraftMetric }
  | { kind: 'column'; column: DraftColumn }
  | { kind: 'calculated'; column?: DraftColumn }
  | undefined;

/** `/dataset/{id}/edit`: the dataset's source, metrics, columns, calculated columns and settings; one PUT saves all. */
export function DatasetEditorPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const datasetId = Number(id);
  const dataset = useDataset(Number.isInteger(datasetId) ? datasetId : undefined);
  const access = useAccess();

  return (
    <Page
      title={
        dataset.data
          ? t('datasets.editor.title', { name: dataset.data.table_name })
          : t('datasets.editor.loading')
      }
    >
      {dataset.isError ? (
        <ErrorBox error={dataset.error} />
      ) : dataset.isPending || !access.ready ? (
        <Skeleton active />
      ) : access.mayChange(dataset.data.owners, 'Dataset') ? (
        <DatasetEditor key={dataset.data.id} dataset={dataset.data} />
      ) : (
        // Seeing a dataset is not changing it: only its owners (with can_write) and admins may.
        <ErrorBox
          title={t('errors.status.forbidden')}
          message={t('access.forbiddenEdit', { kind: t('access.kinds.dataset') })}
        />
      )}
    </Page>
  );
}

function DatasetEditor({ dataset }: { dataset: DatasetDetail }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [draft, setDraft] = useState<DatasetDraft>(() => draftFromDataset(dataset));
  const [dirty, setDirty] = useState(false);
  const [editing, setEditing] = useState<Editing>();
  const [saveError, setSaveError] = useState<unknown>();
  const [problems, setProblems] = useState<string[]>([]);
  const updateDataset = useUpdateDataset();
  const refresh = useRefreshDataset();
  const owners = useDatasetRelated('owners');
  const language = i18n.language;

  const dirtyRef = useRef(false);
  dirtyRef.current = dirty;

  // After a save or a sync the server's copy (with the new ids and columns) becomes the draft.
  useEffect(() => {
    if (!dirtyRef.current) setDraft(draftFromDataset(dataset));
  }, [dataset]);

  const change = (changes: Partial<DatasetDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setDirty(true);
  };

  const physicalColumns = draft.columns.filter((column) => !isCalculated(column));
  const calculatedColumns = draft.columns.filter(isCalculated);

  const saveColumn = (column: DraftColumn) =>
    change({
      columns: draft.columns.some((item) => item.key === column.key)
        ? draft.columns.map((item) => (item.key === column.key ? column : item))
        : [...draft.columns, column],
    });
  const removeColumn = (key: string) => change({ columns: draft.columns.filter((item) => item.key !== key) });
  const setColumnFlag = (key: string, flag: 'is_dttm' | 'filterable' | 'groupby', value: boolean) =>
    change({ columns: draft.columns.map((item) => (item.key === key ? { ...item, [flag]: value } : item)) });
  const saveMetric = (metric: DraftMetric) =>
    change({
      metrics: draft.metrics.some((item) => item.key === metric.key)
        ? draft.metrics.map((item) => (item.key === metric.key ? metric : item))
        : [...draft.metrics, metric],
    });
  const removeMetric = (key: string) => change({ metrics: draft.metrics.filter((item) => item.key !== key) });

  const save = async () => {
    setSaveError(undefined);
    const found = draftProblems(draft);
    setProblems(found.map((problem) => t(problem.key, problem.values)));
    if (found.length > 0) return;
    try {
      await updateDataset.mutateAsync({ id: dataset.id, changes: datasetUpdateRequest(draft) });
      setDirty(false);
      addSuccessToast(t('datasets.editor.saved', { name: draft.table_name }));
    } catch (error) {
      setSaveError(error);
    }
  };

  const sync = () =>
    refresh.mutate(dataset.id, {
      onSuccess: () => addSuccessToast(t('datasets.columnList.synced')),
      onError: (error) => addDangerToast(errorText(error, t)),
    });

  const flagCell = (flag: 'is_dttm' | 'filterable' | 'groupby', label: string) => ({
    key: flag,
    title: label,
    align: 'center' as const,
    render: (_value: unknown, column: DraftColumn) => (
      <Checkbox
        aria-label={`${label}: ${column.column_name}`}
        checked={column[flag] ?? false}
        onChange={(event) => setColumnFlag(column.key, flag, event.target.checked)}
      />
    ),
  });

  const labelCell = (column: DraftColumn) =>
    localizedName(column.verbose_name, column.verbose_name_ru, language);

  const columnActions = (column: DraftColumn, calculated: boolean) => (
    <Space size={4}>
      <Button
        size="small"
        type="link"
        onClick={() => setEditing(calculated ? { kind: 'calculated', column } : { kind: 'column', column })}
      >
        {t('common.edit')}
      </Button>
      <Popconfirm
        title={t('datasets.columnList.deleteConfirm', { name: column.column_name })}
        okText={t('common.delete')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={() => removeColumn(column.key)}
      >
        <Button size="small" type="link" danger>
          {t('common.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );

  const sourceTab = (
    <Flex vertical gap={16} style={{ maxWidth: 900 }}>
      <Descriptions
        size="small"
        column={1}
        bordered
        items={[
          {
            key: 'database',
            label: t('datasets.columns.database'),
            children: dataset.database.database_name,
          },
        ]}
      />
      <Radio.Group
        value={draft.kind}
        onChange={(event) => change({ kind: event.target.value as DatasetDraft['kind'] })}
        optionType="button"
        options={[
          { value: 'physical', label: t('datasets.editor.physical') },
          { value: 'virtual', label: t('datasets.editor.virtual') },
        ]}
      />
      <Form layout="vertical">
        <Flex gap={12}>
          <Form.Item label={t('datasets.columns.schema')} htmlFor="dataset-schema" style={{ flex: 1 }}>
            <Input
              id="dataset-schema"
              value={draft.schema}
              onChange={(event) => change({ schema: event.target.value })}
            />
          </Form.Item>
          <Form.Item
            label={
              draft.kind === 'virtual' ? t('datasets.editor.datasetName') : t('datasets.editor.tableName')
            }
            htmlFor="dataset-table-name"
            style={{ flex: 2 }}
          >
            <Input
              id="dataset-table-name"
              value={draft.table_name}
              onChange={(event) => change({ table_name: event.target.value })}
            />
          </Form.Item>
        </Flex>
        {draft.kind === 'virtual' && (
          <Form.Item label={t('datasets.editor.sql')}>
            <SqlEditor
              ariaLabel={t('datasets.editor.sql')}
              value={draft.sql}
              minHeight="220px"
              onChange={(sql) => change({ sql })}
            />
          </Form.Item>
        )}
      </Form>
    </Flex>
  );

  const metricsTab = (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'metric' })}>
          {t('datasets.metrics.add')}
        </Button>
      </Flex>
      <Table<DraftMetric>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={draft.metrics}
        locale={{ emptyText: t('datasets.metrics.empty') }}
        columns={[
          {
            key: 'metric_name',
            title: t('datasets.metrics.name'),
            render: (_value, metric) => <CertifiedName item={metric}>{metric.metric_name}</CertifiedName>,
          },
          {
            key: 'label',
            title: t('datasets.fields.label'),
            render: (_value, metric) => localizedName(metric.verbose_name, metric.verbose_name_ru, language),
          },
          {
            key: 'expression',
            title: t('datasets.metrics.expression'),
            render: (_value, metric) => <Typography.Text code>{metric.expression}</Typography.Text>,
          },
          { key: 'd3format', dataIndex: 'd3format', title: t('datasets.metrics.d3format') },
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_value, metric) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => setEditing({ kind: 'metric', metric })}>
                  {t('common.edit')}
                </Button>
                <Popconfirm
                  title={t('datasets.metrics.deleteConfirm', { name: metric.metric_name })}
                  okText={t('common.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common.cancel')}
                  onConfirm={() => removeMetric(metric.key)}
                >
                  <Button size="small" type="link" danger>
                    {t('common.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </Flex>
  );

  const columnsTab = (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <Button icon={<SyncOutlined />} loading={refresh.isPending} disabled={dirty} onClick={sync}>
          {t('datasets.columnList.sync')}
        </Button>
      </Flex>
      {dirty && <Typography.Text type="secondary">{t('datasets.columnList.syncNeedsSave')}</Typography.Text>}
      <Table<DraftColumn>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={physicalColumns}
        locale={{ emptyText: t('datasets.columnList.empty') }}
        columns={[
          {
            key: 'column_name',
            title: t('datasets.fields.columnName'),
            render: (_value, column) => <CertifiedName item={column}>{column.column_name}</CertifiedName>,
          },
          { key: 'label', title: t('datasets.fields.label'), render: (_value, column) => labelCell(column) },
          {
            key: 'type',
            dataIndex: 'type',
            title: t('datasets.fields.type'),
            render: (type: string) => type && <Tag>{type}</Tag>,
          },
          flagCell('is_dttm', t('datasets.fields.isTemporal')),
          flagCell('filterable', t('datasets.fields.isFilterable')),
          flagCell('groupby', t('datasets.fields.isGroupable')),
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_value, column) => columnActions(column, false),
          },
        ]}
      />
    </Flex>
  );

  const calculatedTab = (
    <Flex vertical gap={12}>
      <Flex justify="flex-end">
        <Button icon={<PlusOutlined />} onClick={() => setEditing({ kind: 'calculated' })}>
          {t('datasets.calculated.add')}
        </Button>
      </Flex>
      <Table<DraftColumn>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={calculatedColumns}
        locale={{ emptyText: t('datasets.calculated.empty') }}
        columns={[
          {
            key: 'column_name',
            title: t('datasets.fields.columnName'),
            render: (_value, column) => <CertifiedName item={column}>{column.column_name}</CertifiedName>,
          },
          { key: 'label', title: t('datasets.fields.label'), render: (_value, column) => labelCell(column) },
          {
            key: 'expression',
            title: t('datasets.calculated.expression'),
            render: (_value, column) => <Typography.Text code>{column.expression}</Typography.Text>,
          },
          flagCell('is_dttm', t('datasets.fields.isTemporal')),
          {
            key: 'actions',
            title: t('common.actions'),
            render: (_value, column) => columnActions(column, true),
          },
        ]}
      />
    </Flex>
  );

  const settingsTab = (
    <Form layout="vertical" style={{ maxWidth: 720 }}>
      <Form.Item label={t('datasets.fields.description')} htmlFor="dataset-description">
        <Input.TextArea
          id="dataset-description"
          rows={3}
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('datasets.fields.descriptionRu')} htmlFor="dataset-description-ru">
        <Input.TextArea
          id="dataset-description-ru"
          lang="ru"
          rows={3}
          value={draft.description_ru}
          onChange={(event) => change({ description_ru: event.target.value })}
        />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item label={t('datasets.settings.mainDttmCol')} htmlFor="dataset-main-dttm" style={{ flex: 1 }}>
          <Select
            id="dataset-main-dttm"
            allowClear
            value={draft.main_dttm_col ?? undefined}
            placeholder={t('datasets.settings.noMainDttmCol')}
            options={draft.columns
              .filter((column) => column.is_dttm)
              .map((column) => ({ value: column.column_name, label: column.column_name }))}
            onChange={(value: string | undefined) => change({ main_dttm_col: value ?? null })}
          />
        </Form.Item>
        <Form.Item
          label={t('datasets.settings.cacheTimeout')}
          htmlFor="dataset-cache-timeout"
          extra={t('datasets.settings.cacheTimeoutHelp')}
          style={{ flex: 1 }}
        >
          <InputNumber
            id="dataset-cache-timeout"
            min={-1}
            style={{ width: '100%' }}
            value={draft.cache_timeout}
            onChange={(value) => change({ cache_timeout: value ?? null })}
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('datasets.settings.owners')} htmlFor="dataset-owners">
        <Select
          id="dataset-owners"
          mode="multiple"
          optionFilterProp="label"
          loading={owners.isPending}
          value={draft.owners}
          options={[
            ...(owners.data ?? []).map((owner) => ({ value: owner.value, label: owner.text })),
            ...dataset.owners
              .filter((owner) => !(owners.data ?? []).some((option) => option.value === owner.id))
              .map((owner) => ({
                value: owner.id,
                label: [owner.first_name, owner.last_name].filter(Boolean).join(' ') || String(owner.id),
              })),
          ]}
          onChange={(value: number[]) => change({ owners: value })}
        />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item
          label={t('datasets.fields.certifiedBy')}
          htmlFor="dataset-certified-by"
          style={{ flex: 1 }}
        >
          <Input
            id="dataset-certified-by"
            value={draft.certification.certifiedBy}
            onChange={(event) =>
              change({ certification: { ...draft.certification, certifiedBy: event.target.value } })
            }
          />
        </Form.Item>
        <Form.Item
          label={t('datasets.fields.certificationDetails')}
          htmlFor="dataset-certification"
          style={{ flex: 1 }}
        >
          <Input
            id="dataset-certification"
            value={draft.certification.details}
            onChange={(event) =>
              change({ certification: { ...draft.certification, details: event.target.value } })
            }
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('datasets.fields.warning')} htmlFor="dataset-warning">
        <Input.TextArea
          id="dataset-warning"
          rows={2}
          value={draft.certification.warning}
          onChange={(event) =>
            change({ certification: { ...draft.certification, warning: event.target.value } })
          }
        />
      </Form.Item>
      <Form.Item
        label={t('datasets.settings.templateParams')}
        htmlFor="dataset-template-params"
        extra={t('datasets.settings.templateParamsHelp')}
      >
        <Input.TextArea
          id="dataset-template-params"
          rows={4}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          placeholder="{}"
          value={draft.template_params}
          onChange={(event) => change({ template_params: event.target.value })}
        />
      </Form.Item>
    </Form>
  );

  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Space>
          <Tag color={draft.kind === 'virtual' ? 'purple' : undefined}>
            {draft.kind === 'virtual' ? t('datasets.kind.virtual') : t('datasets.kind.physical')}
          </Tag>
          <Typography.Text type="secondary">
            {[dataset.database.database_name, dataset.schema].filter(Boolean).join(' / ')}
          </Typography.Text>
          {dirty && <Tag color="orange">{t('datasets.editor.unsaved')}</Tag>}
        </Space>
        <Space>
          <Button onClick={() => void navigate(DATASET_LIST_PATH)}>{t('datasets.editor.backToList')}</Button>
          <Button type="primary" loading={updateDataset.isPending} onClick={() => void save()}>
            {t('common.save')}
          </Button>
        </Space>
      </Flex>
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('datasets.editor.problems.title')}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          }
        />
      )}
      {saveError !== undefined && (
        <ErrorBox error={saveError} message={saveErrorText(saveError, 'dataset', t)} />
      )}
      <Tabs
        defaultActiveKey="source"
        items={[
          { key: 'source', label: t('datasets.editor.tabs.source'), children: sourceTab },
          {
            key: 'metrics',
            label: t('datasets.editor.tabs.metrics', { count: draft.metrics.length }),
            children: metricsTab,
          },
          {
            key: 'columns',
            label: t('datasets.editor.tabs.columns', { count: physicalColumns.length }),
            children: columnsTab,
          },
          {
            key: 'calculated',
            label: t('datasets.editor.tabs.calculated', { count: calculatedColumns.length }),
            children: calculatedTab,
          },
          { key: 'settings', label: t('datasets.editor.tabs.settings'), children: settingsTab },
        ]}
      />
      {editing?.kind === 'metric' && (
        <MetricModal
          metric={editing.metric}
          takenNames={draft.metrics
            .filter((item) => item.key !== editing.metric?.key)
            .map((item) => item.metric_name)}
          onSave={saveMetric}
          onClose={() => setEditing(undefined)}
        />
      )}
      {(editing?.kind === 'column' || editing?.kind === 'calculated') && (
        <ColumnModal
          column={editing.column}
          calculated={editing.kind === 'calculated'}
          takenNames={draft.columns
            .filter((item) => item.key !== editing.column?.key)
            .map((item) => item.column_name)}
          onSave={saveColumn}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Flex>
  );
}
