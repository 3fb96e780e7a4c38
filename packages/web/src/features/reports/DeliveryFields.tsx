import { REPORT_FORMATS } from '@vitrina/common';
import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportFormValues } from './reportForm.ts';
import { CUSTOM_WIDTH, reportRules } from './reportRules.ts';

/** The formats each kind of content can be sent as: data files and text only from a chart. */
const FORMATS: Record<'chart' | 'dashboard', readonly string[]> = {
  chart: ['PNG', 'PDF', 'CSV', 'XLSX', 'TEXT'],
  dashboard: ['PNG', 'PDF'],
};

export function reportFormats(content: 'chart' | 'dashboard'): string[] {
  return FORMATS[content].filter((format) => (REPORT_FORMATS as readonly string[]).includes(format));
}

/** A screenshot's width only matters for image formats. */
const hasWidth = (format: string | undefined) => format === 'PNG' || format === 'PDF';

interface DeliveryFieldsProps {
  content: 'chart' | 'dashboard';
  /**
   * The addresses cannot be chosen: a new report made from a chart's or a dashboard's header goes to
   * its maker's own address (the server sets it, as Superset does).
   */
  recipientsFixed?: boolean;
}

/** How the report is sent: its format, a screenshot's width, and to whom. */
export function DeliveryFields({ content, recipientsFixed = false }: DeliveryFieldsProps) {
  const { t } = useTranslation();
  const rules = reportRules(t);
  const format = Form.useWatch<string | undefined>('report_format', Form.useFormInstance<ReportFormValues>());
  return (
    <>
      <Form.Item name="report_format" label={t('reports.form.format')}>
        <Radio.Group
          optionType="button"
          options={reportFormats(content).map((value) => ({ value, label: t(`reports.formats.${value}`) }))}
        />
      </Form.Item>
      {hasWidth(format) && (
        <Form.Item
          name="custom_width"
          label={t('reports.form.customWidth')}
          extra={t('reports.form.customWidthHelp', CUSTOM_WIDTH)}
        >
          <InputNumber min={CUSTOM_WIDTH.min} max={CUSTOM_WIDTH.max} suffix="px" style={{ width: 200 }} />
        </Form.Item>
      )}
      <Form.Item
        name="recipients"
        label={t('reports.form.recipients')}
        rules={recipientsFixed ? [] : rules.recipients}
        extra={t(recipientsFixed ? 'reports.form.recipientsFixedHelp' : 'reports.form.recipientsHelp')}
      >
        <Input.TextArea
          readOnly={recipientsFixed}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="name@example.com, team@example.com"
        />
      </Form.Item>
    </>
  );
}
