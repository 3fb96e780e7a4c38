import { tabChoices, type ValueFilterChoice, valueFilterChoices } from '@vitrina/common';
import { Form, Select } from 'antd';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboard } from '../../api/dashboards.ts';
import type { ReportFormValues } from './reportForm.ts';

/** Formats whose picture shows the dashboard, and so its tabs and filter values. */
const PICTURE_FORMATS = new Set(['PNG', 'PDF']);

/** The dashboard's value filters, for turning the chosen values into `extra` when saving. */
export function useDashboardFilterChoices(dashboardId: number | undefined): ValueFilterChoice[] {
  const dashboard = useDashboard(dashboardId);
  return useMemo(() => valueFilterChoices(dashboard.data?.json_metadata), [dashboard.data?.json_metadata]);
}

/**
 * What a dashboard report's picture shows: some tabs (none chosen: every tab, one under another) and
 * values for the dashboard's value filters (none: the filter's default). Another dashboard starts
 * from nothing chosen.
 */
export function DashboardStateFields({ dashboardId }: { dashboardId: number | undefined }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ReportFormValues>();
  const format = Form.useWatch<string | undefined>('report_format', form);
  const dashboard = useDashboard(dashboardId);
  const tabs = useMemo(
    () => tabChoices(dashboard.data?.position_json, t('dashboard.untitledTab')),
    [dashboard.data?.position_json, t],
  );
  const filters = useDashboardFilterChoices(dashboardId);

  const shown = useRef(dashboardId);
  useEffect(() => {
    if (shown.current === dashboardId) return;
    shown.current = dashboardId;
    form.setFieldsValue({ report_tabs: [], report_filter_values: {} });
  }, [dashboardId, form]);

  if (dashboardId === undefined || !PICTURE_FORMATS.has(format ?? '') || !dashboard.data) return null;
  return (
    <>
      {tabs.length > 0 && (
        <Form.Item name="report_tabs" label={t('reports.form.tabs')} extra={t('reports.form.tabsHelp')}>
          <Select
            mode="multiple"
            allowClear
            placeholder={t('reports.form.allTabs')}
            optionFilterProp="label"
            options={tabs.map((tab) => ({ value: tab.id, label: tab.path.join(' › ') }))}
          />
        </Form.Item>
      )}
      {filters.map((filter) => (
        <Form.Item
          key={filter.id}
          name={['report_filter_values', filter.id]}
          label={t('reports.form.filterValue', { name: filter.name })}
          extra={t('reports.form.filterValueHelp')}
        >
          <Select
            mode="tags"
            allowClear
            tokenSeparators={[',']}
            placeholder={t('reports.form.filterDefault')}
          />
        </Form.Item>
      ))}
    </>
  );
}
