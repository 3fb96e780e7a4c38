import { REPORT_DEFAULTS } from '@vitrina/common';
import { Form, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChartDashboardOptions, useSavedCharts } from '../../api/charts.ts';
import { localizedName } from '../../components/index.ts';
import { reportFormats } from './DeliveryFields.tsx';
import type { ReportFormValues } from './reportForm.ts';
import { reportRules } from './reportRules.ts';

/** What is sent: a dashboard or a chart, picked by name. */
export function ContentFields() {
  const { t, i18n } = useTranslation();
  const rules = reportRules(t);
  const form = Form.useFormInstance<ReportFormValues>();
  const content = Form.useWatch('contentType', form) ?? 'dashboard';
  const dashboards = useChartDashboardOptions();
  const charts = useSavedCharts('');
  return (
    <>
      <Form.Item name="contentType" label={t('reports.form.contentType')}>
        <Radio.Group
          // A dashboard cannot be sent as CSV or text: fall back to an image.
          onChange={(event) => {
            if (!reportFormats(event.target.value).includes(form.getFieldValue('report_format')))
              form.setFieldValue('report_format', REPORT_DEFAULTS.report_format);
          }}
          optionType="button"
          options={[
            { value: 'dashboard', label: t('reports.form.dashboard') },
            { value: 'chart', label: t('reports.form.chart') },
          ]}
        />
      </Form.Item>
      {content === 'dashboard' ? (
        <Form.Item name="dashboard" label={t('reports.form.dashboard')} rules={rules.required}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={dashboards.isPending}
            options={(dashboards.data ?? []).map((dashboard) => ({
              value: dashboard.id,
              label: localizedName(dashboard.dashboard_title, dashboard.dashboard_title_ru, i18n.language),
            }))}
          />
        </Form.Item>
      ) : (
        <Form.Item name="chart" label={t('reports.form.chart')} rules={rules.required}>
          <Select
            showSearch
            optionFilterProp="label"
            loading={charts.isPending}
            options={(charts.data?.result ?? []).map((chart) => ({
              value: chart.id,
              label: localizedName(chart.slice_name, chart.slice_name_ru, i18n.language),
            }))}
          />
        </Form.Item>
      )}
    </>
  );
}
