import { ApiOutlined, ArrowLeftOutlined, DatabaseOutlined } from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Collapse,
  Flex,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Segmented,
  Skeleton,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AvailableEngine,
  type DatabaseDetail,
  useAvailableEngines,
  useCreateDatabase,
  useDatabase,
  useTestConnection,
  useUpdateDatabase,
} from '../../api/databases.ts';
import { ApiError } from '../../api/errors.ts';
import { ErrorBox, Modal, PasswordInput, showFieldErrors, useToasts } from '../../components/index.ts';
import {
  type ConnectionFormValues,
  connectionRequest,
  existingConnectionValues,
  newConnectionValues,
  type ParameterLayout,
  parameterLayout,
  parameterSchema,
  parseExtraJson,
  switchMode,
} from './connectionForm.ts';

interface ConnectionModalProps {
  /** The database to edit; a new connection when undefined. */
  databaseId?: number;
  onClose: () => void;
}

/** Labels of the parameters the form knows; any other parameter shows its own name. */
const PARAMETER_LABEL_KEYS: Record<string, string> = {
  host: 'databases.form.host',
  port: 'databases.form.port',
  database: 'databases.form.databaseName',
  username: 'databases.form.username',
  password: 'databases.form.password',
  query: 'databases.form.query',
  path: 'databases.form.path',
  file: 'databases.form.path',
  filename: 'databases.form.path',
  database_file: 'databases.form.path',
  encryption: 'databases.form.encryption',
};

const PARAMETER_PLACEHOLDER_KEYS: Record<string, string> = {
  host: 'databases.form.hostPlaceholder',
  database: 'databases.form.databaseNamePlaceholder',
  username: 'databases.form.usernamePlaceholder',
  password: 'databases.form.passwordPlaceholder',
  query: 'databases.form.queryPlaceholder',
};

function engineKey(database: DatabaseDetail): string {
  return database.engine ?? database.backend;
}

/** Connect a database (pick the engine, then its form) or edit an existing connection. */
export function ConnectionModal({ databaseId, onClose }: ConnectionModalProps) {
  const { t } = useTranslation();
  const editing = databaseId !== undefined;
  const engines = useAvailableEngines();
  const database = useDatabase(databaseId);
  const [pickedEngine, setPickedEngine] = useState<AvailableEngine>();

  const engine = editing
    ? engines.data?.find((candidate) => database.data && candidate.engine === engineKey(database.data))
    : pickedEngine;

  const loading = engines.isPending || (editing && database.isPending);
  const loadError = engines.error ?? database.error;

  let body: ReactNode;
  if (loadError) body = <ErrorBox error={loadError} />;
  else if (loading) body = <Skeleton active />;
  else if (!editing && !pickedEngine)
    body = <EnginePicker engines={engines.data ?? []} onPick={setPickedEngine} />;
  else
    body = (
      <ConnectionForm
        key={engine?.engine ?? 'uri'}
        engine={engine}
        database={database.data}
        onBack={editing ? undefined : () => setPickedEngine(undefined)}
        onClose={onClose}
      />
    );

  return (
    <Modal
      open
      responsive
      width={720}
      title={editing ? t('databases.modal.editTitle') : t('databases.modal.createTitle')}
      footer={null}
      onCancel={onClose}
    >
      {body}
    </Modal>
  );
}

function EnginePicker({
  engines,
  onPick,
}: {
  engines: AvailableEngine[];
  onPick: (engine: AvailableEngine) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={16} style={{ marginTop: 8 }}>
      <div>
        <Typography.Text type="secondary">{t('databases.modal.step', { step: 1, total: 2 })}</Typography.Text>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('databases.modal.pickEngine')}
        </Typography.Title>
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))', gap: 12 }}>
        {engines.map((engine) => (
          <Button
            key={engine.engine}
            size="large"
            icon={<DatabaseOutlined />}
            style={{ height: 64, justifyContent: 'flex-start' }}
            onClick={() => onPick(engine)}
          >
            {engine.name}
          </Button>
        ))}
      </div>
      {engines.length === 0 && (
        <Typography.Text type="secondary">{t('databases.modal.noEngines')}</Typography.Text>
      )}
    </Flex>
  );
}

interface ConnectionFormProps {
  engine: AvailableEngine | undefined;
  database: DatabaseDetail | undefined;
  onBack?: () => void;
  onClose: () => void;
}

function markInvalidFields(form: FormInstance<ConnectionFormValues>, error: unknown, message: string) {
  if (!(error instanceof ApiError)) return;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  form.setFields(
    error.invalidFields.filter((name) => known.has(name)).map((name) => ({ name, errors: [message] })),
  );
}

function ConnectionForm({ engine, database, onBack, onClose }: ConnectionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConnectionFormValues>();
  const { addSuccessToast } = useToasts();
  const [formError, setFormError] = useState<unknown>();
  const testConnection = useTestConnection();
  const createDatabase = useCreateDatabase();
  const updateDatabase = useUpdateDatabase();
  const layout = parameterLayout(engine);
  const initialValues = useMemo(
    () =>
      database
        ? existingConnectionValues(database, engine)
        : engine
          ? newConnectionValues(engine)
          : undefined,
    [database, engine],
  );
  const mode = Form.useWatch('mode', form) ?? initialValues?.mode;
  const required = { required: true, message: t('validation.required') };

  const clearErrors = () => {
    setFormError(undefined);
    form.setFields(
      Object.keys(form.getFieldsValue(true) as Record<string, unknown>).map((name) => ({ name, errors: [] })),
    );
  };

  const test = async () => {
    clearErrors();
    let values: ConnectionFormValues;
    try {
      await form.validateFields(mode === 'uri' ? ['sqlalchemy_uri'] : connectionFieldNames(layout));
      values = form.getFieldsValue(true) as ConnectionFormValues;
    } catch {
      return;
    }
    const { database_name: _name, ...request } = connectionRequest(engine, values);
    try {
      await testConnection.mutateAsync(request);
      addSuccessToast(t('databases.modal.connectionOk'));
    } catch (error) {
      setFormError(error);
      markInvalidFields(form, error, t('databases.form.invalid'));
    }
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as ConnectionFormValues;
    clearErrors();
    const request = connectionRequest(engine, values);
    try {
      if (database) await updateDatabase.mutateAsync({ id: database.id, changes: request });
      else await createDatabase.mutateAsync(request);
      addSuccessToast(
        database
          ? t('databases.saved', { name: request.database_name })
          : t('databases.created', { name: request.database_name }),
      );
      onClose();
    } catch (error) {
      const onFields = showFieldErrors(form, error);
      markInvalidFields(form, error, t('databases.form.invalid'));
      if (!onFields) setFormError(error);
    }
  };

  if (!initialValues) return null;
  const saving = createDatabase.isPending || updateDatabase.isPending;

  return (
    <Form<ConnectionFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={() => void save()}
      requiredMark="optional"
      style={{ marginTop: 8 }}
    >
      {onBack && (
        <div style={{ marginBottom: 16 }}>
          <Typography.Text type="secondary">
            {t('databases.modal.step', { step: 2, total: 2 })}
          </Typography.Text>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('databases.modal.enterCredentials', { engine: engine?.name ?? '' })}
          </Typography.Title>
        </div>
      )}
      {layout.kind !== 'none' && (
        <Form.Item name="mode" style={{ marginBottom: 16 }}>
          <Segmented
            options={[
              { value: 'parameters', label: t('databases.form.modeParameters') },
              { value: 'uri', label: t('databases.form.modeUri') },
            ]}
            onChange={(next) =>
              form.setFieldsValue(
                switchMode(
                  engine,
                  form.getFieldsValue(true) as ConnectionFormValues,
                  next as 'parameters' | 'uri',
                ),
              )
            }
          />
        </Form.Item>
      )}
      {mode === 'uri' || layout.kind === 'none' ? (
        <Form.Item
          name="sqlalchemy_uri"
          label={t('databases.form.sqlalchemyUri')}
          rules={[required]}
          extra={t('databases.form.sqlalchemyUriHelp')}
        >
          <Input
            placeholder={engine?.sqlalchemy_uri_placeholder ?? 'engine://user:password@host:port/database'}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
      ) : (
        <ParameterFields engine={engine} layout={layout} editing={database !== undefined} />
      )}
      <Form.Item
        name="database_name"
        label={t('databases.form.displayName')}
        rules={[required, { max: 250 }]}
        extra={t('databases.form.displayNameHelp')}
      >
        <Input />
      </Form.Item>
      <Flex justify="flex-start" style={{ marginBottom: 16 }}>
        <Button icon={<ApiOutlined />} loading={testConnection.isPending} onClick={() => void test()}>
          {t('databases.modal.testConnection')}
        </Button>
      </Flex>
      {formError !== undefined && (
        <div style={{ marginBottom: 16 }}>
          <ErrorBox error={formError} />
        </div>
      )}
      <AdvancedSection />
      <Flex justify="space-between" gap={8} style={{ marginTop: 24 }}>
        <div>
          {onBack && (
            <Button icon={<ArrowLeftOutlined />} onClick={onBack}>
              {t('common.back')}
            </Button>
          )}
        </div>
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            {database ? t('common.save') : t('databases.modal.connect')}
          </Button>
        </Flex>
      </Flex>
    </Form>
  );
}

function connectionFieldNames(layout: ParameterLayout): string[] {
  if (layout.kind === 'network') return layout.fields;
  if (layout.kind === 'file') return [layout.field];
  return [];
}

function ParameterFields({
  engine,
  layout,
  editing,
}: {
  engine: AvailableEngine | undefined;
  layout: ParameterLayout;
  editing: boolean;
}) {
  const { t } = useTranslation();
  const labelOf = (name: string) => (PARAMETER_LABEL_KEYS[name] ? t(PARAMETER_LABEL_KEYS[name]) : name);
  const placeholderOf = (name: string) =>
    PARAMETER_PLACEHOLDER_KEYS[name] ? t(PARAMETER_PLACEHOLDER_KEYS[name]) : undefined;
  const requiredRule = (name: string) =>
    layout.kind !== 'none' && layout.required.includes(name)
      ? [{ required: true, message: t('validation.required') }]
      : [];

  if (layout.kind === 'file') {
    return (
      <Form.Item
        name={layout.field}
        label={t('databases.form.path')}
        rules={[{ required: true, message: t('validation.required') }]}
        extra={t('databases.form.pathHelp')}
      >
        <Input placeholder="/data/warehouse.db" autoComplete="off" spellCheck={false} />
      </Form.Item>
    );
  }
  if (layout.kind !== 'network') return null;

  const host = layout.fields.includes('host') && layout.fields.includes('port');
  const rest = layout.fields.filter((name) => !host || (name !== 'host' && name !== 'port'));

  return (
    <>
      {host && (
        <Flex gap={12}>
          <Form.Item name="host" label={labelOf('host')} rules={requiredRule('host')} style={{ flex: 3 }}>
            <Input placeholder={placeholderOf('host')} autoComplete="off" spellCheck={false} />
          </Form.Item>
          <Form.Item name="port" label={labelOf('port')} rules={requiredRule('port')} style={{ flex: 1 }}>
            <InputNumber min={1} max={65535} placeholder="5432" style={{ width: '100%' }} controls={false} />
          </Form.Item>
        </Flex>
      )}
      {rest.map((name) => {
        const schema = parameterSchema(engine, name);
        if (name === 'password') {
          return (
            <Form.Item
              key={name}
              name={name}
              label={labelOf(name)}
              rules={requiredRule(name)}
              extra={editing ? t('databases.form.passwordKeep') : undefined}
            >
              <PasswordInput placeholder={placeholderOf(name)} autoComplete="new-password" />
            </Form.Item>
          );
        }
        if (schema.type === 'boolean') {
          return (
            <Form.Item key={name} name={name} valuePropName="checked">
              <Checkbox>{labelOf(name)}</Checkbox>
            </Form.Item>
          );
        }
        if (schema.type === 'integer' || schema.type === 'number') {
          return (
            <Form.Item key={name} name={name} label={labelOf(name)} rules={requiredRule(name)}>
              <InputNumber min={schema.minimum} max={schema.maximum} style={{ width: '100%' }} />
            </Form.Item>
          );
        }
        if (schema.type === 'object' && name !== 'query') return null;
        return (
          <Form.Item key={name} name={name} label={labelOf(name)} rules={requiredRule(name)}>
            <Input placeholder={placeholderOf(name)} autoComplete="off" spellCheck={false} />
          </Form.Item>
        );
      })}
    </>
  );
}

function Flag({ name, label, help }: { name: keyof ConnectionFormValues; label: string; help?: string }) {
  return (
    <Form.Item name={name} valuePropName="checked" extra={help} style={{ marginBottom: 12 }}>
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  );
}

function AdvancedSection() {
  const { t } = useTranslation();
  const inner = [
    {
      key: 'sqllab',
      label: t('databases.advanced.sqlLab'),
      children: (
        <>
          <Flag name="expose_in_sqllab" label={t('databases.advanced.exposeInSqlLab')} />
          <Flag name="allow_ctas" label={t('databases.advanced.allowCtas')} />
          <Flag name="allow_cvas" label={t('databases.advanced.allowCvas')} />
          <Flag
            name="allow_dml"
            label={t('databases.advanced.allowDml')}
            help={t('databases.advanced.allowDmlHelp')}
          />
          <Flag name="cost_estimate_enabled" label={t('databases.advanced.costEstimate')} />
          <Flag name="disable_data_preview" label={t('databases.advanced.disableDataPreview')} />
        </>
      ),
    },
    {
      key: 'performance',
      label: t('databases.advanced.performance'),
      children: (
        <>
          <Form.Item
            name="cache_timeout"
            label={t('databases.advanced.cacheTimeout')}
            extra={t('databases.advanced.cacheTimeoutHelp')}
          >
            <InputNumber min={-1} style={{ width: 200 }} />
          </Form.Item>
          <Flag
            name="allow_run_async"
            label={t('databases.advanced.allowAsync')}
            help={t('databases.advanced.allowAsyncHelp')}
          />
        </>
      ),
    },
    {
      key: 'security',
      label: t('databases.advanced.security'),
      children: (
        <>
          <Flag name="allow_file_upload" label={t('databases.advanced.allowFileUpload')} />
          <Form.Item
            name="extra_json"
            label={t('databases.advanced.extra')}
            extra={t('databases.advanced.extraHelp')}
            rules={[
              {
                validator: (_rule, value: string | undefined) =>
                  parseExtraJson(value ?? '').ok
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('databases.advanced.extraInvalid'))),
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              spellCheck={false}
              style={{ fontFamily: 'monospace' }}
              placeholder="{}"
            />
          </Form.Item>
        </>
      ),
    },
  ];
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'advanced',
          label: t('databases.advanced.title'),
          forceRender: true,
          children: (
            <Collapse ghost size="small" items={inner.map((item) => ({ ...item, forceRender: true }))} />
          ),
        },
      ]}
    />
  );
}
