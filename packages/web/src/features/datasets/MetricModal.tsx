import { AutoComplete, Flex, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, SqlEditor } from '../../components/index.ts';
import { readCertification, readCurrency, writeCertification } from './datasetExtra.ts';
import { type DraftMetric, newKey } from './editorModel.ts';
import {
  CertificationFields,
  DescriptionField,
  uniqueNameRule,
  VerboseNameFields,
  WarningField,
} from './SemanticFields.tsx';

interface MetricFormValues {
  metric_name: string;
  verbose_name: string;
  verbose_name_ru: string;
  expression: string;
  d3format: string;
  currency_symbol?: string;
  currency_position: 'prefix' | 'suffix';
  description: string;
  warning_text: string;
  certified_by: string;
  certification_details: string;
}

/** Common d3 formats, as Superset offers them; any other can be typed. */
const D3_FORMATS = [',d', ',.0f', ',.1f', ',.2f', '.1%', '.2%', '.3s', '$,.2f', '+,', 'SMART_NUMBER'];
const CURRENCIES = ['USD', 'EUR', 'RUB', 'GBP', 'CNY', 'JPY', 'KZT'];

interface MetricModalProps {
  metric?: DraftMetric;
  /** Names already used by other metrics. */
  takenNames: string[];
  onSave: (metric: DraftMetric) => void;
  onClose: () => void;
}

export function MetricModal({ metric, takenNames, onSave, onClose }: MetricModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MetricFormValues>();
  const certification = readCertification(metric?.extra, metric);
  const currency = readCurrency(metric?.currency);
  const required = { required: true, whitespace: true, message: t('validation.required') };

  const initialValues: MetricFormValues = {
    metric_name: metric?.metric_name ?? '',
    verbose_name: metric?.verbose_name ?? '',
    verbose_name_ru: metric?.verbose_name_ru ?? '',
    expression: metric?.expression ?? '',
    d3format: metric?.d3format ?? '',
    currency_symbol: currency?.symbol,
    currency_position: currency?.symbolPosition === 'suffix' ? 'suffix' : 'prefix',
    description: metric?.description ?? '',
    warning_text: certification.warning,
    certified_by: certification.certifiedBy,
    certification_details: certification.details,
  };

  const finish = (values: MetricFormValues) => {
    onSave({
      ...(metric ?? { key: newKey() }),
      metric_name: values.metric_name.trim(),
      verbose_name: values.verbose_name,
      verbose_name_ru: values.verbose_name_ru,
      expression: values.expression,
      d3format: values.d3format,
      currency: values.currency_symbol
        ? { symbol: values.currency_symbol, symbolPosition: values.currency_position }
        : null,
      description: values.description,
      warning_text: values.warning_text,
      certified_by: values.certified_by,
      certification_details: values.certification_details,
      extra: writeCertification(metric?.extra, {
        certifiedBy: values.certified_by,
        details: values.certification_details,
        warning: values.warning_text,
      }),
    });
    onClose();
  };

  return (
    <FormModal<MetricFormValues>
      width={720}
      title={
        metric
          ? t('datasets.metrics.editTitle', { name: metric.metric_name })
          : t('datasets.metrics.addTitle')
      }
      okText={t('common.ok')}
      form={form}
      initialValues={initialValues}
      onFinish={finish}
      onClose={onClose}
    >
      <Form.Item
        name="metric_name"
        label={t('datasets.metrics.name')}
        rules={[required, uniqueNameRule(takenNames, t('datasets.metrics.nameTaken'))]}
      >
        <Input autoComplete="off" spellCheck={false} />
      </Form.Item>
      <VerboseNameFields />
      <Form.Item name="expression" label={t('datasets.metrics.expression')} rules={[required]}>
        <SqlEditor ariaLabel={t('datasets.metrics.expression')} minHeight="96px" placeholder="SUM(amount)" />
      </Form.Item>
      <Flex gap={12}>
        <Form.Item name="d3format" label={t('datasets.metrics.d3format')} style={{ flex: 1 }}>
          <AutoComplete allowClear options={D3_FORMATS.map((format) => ({ value: format, label: format }))} />
        </Form.Item>
        <Form.Item name="currency_symbol" label={t('datasets.metrics.currency')} style={{ flex: 1 }}>
          <Select allowClear options={CURRENCIES.map((code) => ({ value: code, label: code }))} />
        </Form.Item>
        <Form.Item
          name="currency_position"
          label={t('datasets.metrics.currencyPosition')}
          style={{ flex: 1 }}
        >
          <Select
            options={[
              { value: 'prefix', label: t('datasets.metrics.prefix') },
              { value: 'suffix', label: t('datasets.metrics.suffix') },
            ]}
          />
        </Form.Item>
      </Flex>
      <DescriptionField />
      <WarningField name="warning_text" />
      <CertificationFields />
    </FormModal>
  );
}
