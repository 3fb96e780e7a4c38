import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFormValues } from './reportForm.ts';
import { reportRules } from './reportRules.ts';
import { ScheduleField } from './ScheduleField.tsx';
import { SchedulePreview } from './SchedulePreview.tsx';

/** Every zone the browser knows, UTC first. */
function timeZoneOptions() {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  return ['UTC', ...zones].map((zone) => ({ value: zone, label: zone }));
}

/** The schedule (presets or a crontab, with its meaning and next run) and the zone it is read in. */
export function ScheduleFields() {
  const { t } = useTranslation();
  const rules = reportRules(t);
  const form = Form.useFormInstance<ReportFormValues>();
  const crontab = Form.useWatch('crontab', form) ?? '';
  const timezone = Form.useWatch('timezone', form) ?? '';
  const zones = useMemo(timeZoneOptions, []);
  return (
    <>
      <Form.Item
        name="crontab"
        label={t('reports.form.schedule')}
        rules={rules.crontab}
        extra={<SchedulePreview crontab={crontab} timezone={timezone} />}
      >
        <ScheduleField />
      </Form.Item>
      <Form.Item name="timezone" label={t('reports.form.timezone')} rules={rules.timezone}>
        <Select showSearch options={zones} optionFilterProp="label" />
      </Form.Item>
    </>
  );
}
