import { Checkbox, Flex, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, SqlEditor } from '../../components/index.ts';
import { readCertification, writeCertification } from './datasetExtra.ts';
import { type DraftColumn, newKey } from './editorModel.ts';
import {
  CertificationFields,
  DescriptionField,
  uniqueNameRule,
  VerboseNameFields,
  WarningField,
} from './SemanticFields.tsx';

interface ColumnFormValues {
  column_name: string;
  verbose_name: string;
  verbose_name_ru: string;
  expression: string;
  type: string;
  description: string;
  is_dttm: boolean;
  filterable: boolean;
  groupby: boolean;
  certified_by: string;
  certification_details: string;
  warning: string;
}

interface ColumnModalProps {
  column?: DraftColumn;
  /** A calculated column asks for its SQL expression; a physical one keeps its name. */
  calculated: boolean;
  takenNames: string[];
  onSave: (column: DraftColumn) => void;
  onClose: () => void;
}

/** Edit a column's labels and flags, or add/edit a calculated column with its SQL expression. */
export function ColumnModal({ column, calculated, takenNames, onSave, onClose }: ColumnModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ColumnFormValues>();
  const certification = readCertification(column?.extra, column);
  const required = { required: true, whitespace: true, message: t('validation.required') };

  const initialValues: ColumnFormValues = {
    column_name: column?.column_name ?? '',
    verbose_name: column?.verbose_name ?? '',
    verbose_name_ru: column?.verbose_name_ru ?? '',
    expression: column?.expression ?? '',
    type: column?.type ?? '',
    description: column?.description ?? '',
    is_dttm: column?.is_dttm ?? false,
    filterable: column?.filterable ?? true,
    groupby: column?.groupby ?? true,
    certified_by: certification.certifiedBy,
    certification_details: certification.details,
    warning: certification.warning,
  };

  const finish = (values: ColumnFormValues) => {
    onSave({
      ...(column ?? { key: newKey(), is_active: true }),
      column_name: values.column_name.trim(),
      verbose_name: values.verbose_name,
      verbose_name_ru: values.verbose_name_ru,
      ...(calculated ? { expression: values.expression, type: values.type } : {}),
      description: values.description,
      is_dttm: values.is_dttm,
      filterable: values.filterable,
      groupby: values.groupby,
      certified_by: values.certified_by,
      warning_text: values.warning,
      extra: writeCertification(column?.extra, {
        certifiedBy: values.certified_by,
        details: values.certification_details,
        warning: values.warning,
      }),
    });
    onClose();
  };

  const title = calculated
    ? column
      ? t('datasets.calculated.editTitle', { name: column.column_name })
      : t('datasets.calculated.addTitle')
    : t('datasets.columnList.editTitle', { name: column?.column_name ?? '' });

  return (
    <FormModal<ColumnFormValues>
      width={720}
      title={title}
      okText={t('common.ok')}
      form={form}
      initialValues={initialValues}
      onFinish={finish}
      onClose={onClose}
    >
      <Form.Item
        name="column_name"
        label={t('datasets.fields.columnName')}
        rules={[required, uniqueNameRule(takenNames, t('datasets.fields.columnNameTaken'))]}
      >
        <Input disabled={!calculated} autoComplete="off" spellCheck={false} />
      </Form.Item>
      {calculated && (
        <>
          <Form.Item name="expression" label={t('datasets.calculated.expression')} rules={[required]}>
            <SqlEditor
              ariaLabel={t('datasets.calculated.expression')}
              minHeight="96px"
              placeholder="price * quantity"
            />
          </Form.Item>
          <Form.Item name="type" label={t('datasets.fields.type')}>
            <Input placeholder="NUMERIC" spellCheck={false} />
          </Form.Item>
        </>
      )}
      <VerboseNameFields />
      <DescriptionField />
      <Flex gap={24}>
        <Form.Item name="is_dttm" valuePropName="checked">
          <Checkbox>{t('datasets.fields.isTemporal')}</Checkbox>
        </Form.Item>
        <Form.Item name="filterable" valuePropName="checked">
          <Checkbox>{t('datasets.fields.isFilterable')}</Checkbox>
        </Form.Item>
        <Form.Item name="groupby" valuePropName="checked">
          <Checkbox>{t('datasets.fields.isGroupable')}</Checkbox>
        </Form.Item>
      </Flex>
      <CertificationFields />
      <WarningField name="warning" />
    </FormModal>
  );
}
