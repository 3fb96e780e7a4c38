import type { RlsFilterType, RowLevelSecurityFilter, RowLevelSecurityWriteRequest } from '@vitrina/common';
import { Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal, SqlEditor, useFormSave, useToasts } from '../../components/index.ts';
import { type RelatedField, useCreateRlsFilter, useRlsRelated, useUpdateRlsFilter } from './api.ts';

interface RlsFormValues {
  name: string;
  filter_type: RlsFilterType;
  tables: number[];
  roles: number[];
  group_key: string;
  clause: string;
  description: string;
}

interface RlsFilterModalProps {
  /** The rule to edit; a new rule when undefined. */
  rule?: RowLevelSecurityFilter;
  onClose: () => void;
}

function initialValues(rule: RowLevelSecurityFilter | undefined): RlsFormValues {
  return {
    name: rule?.name ?? '',
    filter_type: rule?.filter_type ?? 'Regular',
    tables: rule?.tables.map((table) => table.id) ?? [],
    roles: rule?.roles.map((role) => role.id) ?? [],
    group_key: rule?.group_key ?? '',
    clause: rule?.clause ?? '',
    description: rule?.description ?? '',
  };
}

interface Option {
  value: number;
  label: string;
}

/** A multi-select over a related endpoint, searched on the server; the rule's own items always have labels. */
function RelatedSelect({
  field,
  known,
  value,
  onChange,
  id,
}: {
  field: RelatedField;
  known: Option[];
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
}) {
  const [search, setSearch] = useState('');
  const related = useRlsRelated(field, search);
  const options = useMemo(() => {
    const byValue = new Map<number, Option>(known.map((option) => [option.value, option]));
    for (const option of related.data?.result ?? []) {
      byValue.set(option.value, { value: option.value, label: option.text });
    }
    return [...byValue.values()];
  }, [known, related.data]);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={related.isFetching}
      options={options}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange?.(next);
      }}
    />
  );
}

export function RlsFilterModal({ rule, onClose }: RlsFilterModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RlsFormValues>();
  const { formError, save: run } = useFormSave(form, onClose);
  const createRule = useCreateRlsFilter();
  const updateRule = useUpdateRlsFilter();
  const { addSuccessToast } = useToasts();
  const editing = rule !== undefined;
  const required = { required: true, message: t('validation.required') };
  const knownTables = useMemo(
    () =>
      (rule?.tables ?? []).map((table) => ({
        value: table.id,
        label: table.schema ? `${table.schema}.${table.table_name}` : table.table_name,
      })),
    [rule],
  );
  const knownRoles = useMemo(
    () => (rule?.roles ?? []).map((role) => ({ value: role.id, label: role.name })),
    [rule],
  );

  const save = (values: RlsFormValues) =>
    run(async () => {
      const request: RowLevelSecurityWriteRequest = {
        ...values,
        group_key: values.group_key.trim() || null,
        description: values.description.trim() || null,
      };
      if (editing) await updateRule.mutateAsync({ id: rule.id, changes: request });
      else await createRule.mutateAsync(request);
      addSuccessToast(
        editing
          ? t('rowLevelSecurity.saved', { name: values.name })
          : t('rowLevelSecurity.created', { name: values.name }),
      );
    });

  return (
    <FormModal<RlsFormValues>
      responsive
      title={
        editing ? t('rowLevelSecurity.editTitle', { name: rule.name }) : t('rowLevelSecurity.createTitle')
      }
      confirmLoading={createRule.isPending || updateRule.isPending}
      form={form}
      error={formError}
      initialValues={initialValues(rule)}
      onFinish={(values) => void save(values)}
      onClose={onClose}
      requiredMark="optional"
    >
      <Form.Item name="name" label={t('rowLevelSecurity.fields.name')} rules={[required]}>
        <Input autoComplete="off" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="filter_type"
        label={t('rowLevelSecurity.fields.filterType')}
        rules={[required]}
        extra={t('rowLevelSecurity.help.filterType')}
      >
        <Select<RlsFilterType>
          options={[
            { value: 'Regular', label: t('rowLevelSecurity.filterTypes.Regular') },
            { value: 'Base', label: t('rowLevelSecurity.filterTypes.Base') },
          ]}
        />
      </Form.Item>
      <Form.Item
        name="tables"
        label={t('rowLevelSecurity.fields.tables')}
        rules={[{ ...required, type: 'array', min: 1 }]}
        extra={t('rowLevelSecurity.help.tables')}
      >
        <RelatedSelect field="tables" known={knownTables} />
      </Form.Item>
      <Form.Item
        name="roles"
        label={t('rowLevelSecurity.fields.roles')}
        extra={t('rowLevelSecurity.help.roles')}
      >
        <RelatedSelect field="roles" known={knownRoles} />
      </Form.Item>
      <Form.Item
        name="group_key"
        label={t('rowLevelSecurity.fields.groupKey')}
        extra={t('rowLevelSecurity.help.groupKey')}
      >
        <Input autoComplete="off" maxLength={255} />
      </Form.Item>
      <Form.Item
        name="clause"
        label={t('rowLevelSecurity.fields.clause')}
        rules={[{ ...required, whitespace: true }]}
        extra={t('rowLevelSecurity.help.clause')}
      >
        <SqlEditor minHeight="80px" ariaLabel={t('rowLevelSecurity.fields.clause')} />
      </Form.Item>
      <Form.Item name="description" label={t('rowLevelSecurity.fields.description')}>
        <Input.TextArea rows={3} />
      </Form.Item>
    </FormModal>
  );
}
