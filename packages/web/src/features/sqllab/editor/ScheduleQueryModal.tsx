import { useQueryClient } from '@tanstack/react-query';
import {
  crontabProblem,
  isKnownTimeZone,
  type QueryScheduleInfo,
  type SavedQueryWriteRequest,
  SCHEDULE_INFO_KEY,
} from '@vitrina/common';
import { Form, Input, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/errors.ts';
import { createSavedQuery, savedQueryKeys } from '../../../api/savedQueries.ts';
import { FormModal, useToasts } from '../../../components/index.ts';
import { ScheduleField, SchedulePreview } from '../../reports/index.ts';
import type { EditorTab } from '../state/editorState.ts';

interface ScheduleFields {
  label: string;
  description: string;
  crontab: string;
  timezone: string;
  start_date: string;
  end_date: string;
}

/** Where the server names a schedule field in a 422 (`extra_json.schedule_info.crontab`). */
const SERVER_FIELD = `extra_json.${SCHEDULE_INFO_KEY}.`;

const FORM_FIELDS = new Set(['label', 'description', 'crontab', 'timezone', 'start_date', 'end_date']);

function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isKnownTimeZone(zone) ? zone : 'UTC';
}

function timeZoneOptions() {
  const zones = Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC');
  return ['UTC', ...zones].map((zone) => ({ value: zone, label: zone }));
}

/**
 * SQL Lab's Schedule (Superset's ScheduleQueryButton): the tab's query is saved as a new saved query
 * whose extra_json holds the schedule; Vitrina's scheduler then runs it as its owner on a worker.
 */
export function ScheduleQueryModal({ tab, onClose }: { tab: EditorTab; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ScheduleFields>();
  const [error, setError] = useState<unknown>();
  const zones = useMemo(timeZoneOptions, []);
  const crontab = Form.useWatch('crontab', form) ?? '';
  const timezone = Form.useWatch('timezone', form) ?? '';

  const rules = {
    label: [{ required: true, whitespace: true, message: t('sqlLab.scheduleModal.nameRequired') }] as Rule[],
    crontab: [
      {
        validator: async (_rule: unknown, value: unknown) => {
          const problem = crontabProblem(String(value ?? ''));
          if (problem) throw new Error(t('reports.form.crontabInvalid', { problem }));
        },
      },
    ] as Rule[],
    timezone: [
      {
        validator: async (_rule: unknown, value: unknown) => {
          if (!isKnownTimeZone(String(value ?? ''))) throw new Error(t('reports.form.timezoneInvalid'));
        },
      },
    ] as Rule[],
    endDate: [
      ({ getFieldValue }) => ({
        validator: async (_rule: unknown, value: unknown) => {
          const start = getFieldValue('start_date') as string;
          if (value && start && String(value) < start)
            throw new Error(t('sqlLab.scheduleModal.endBeforeStart'));
        },
      }),
    ] as Rule[],
  };

  const payload = (fields: ScheduleFields): SavedQueryWriteRequest => {
    const schedule: QueryScheduleInfo = {
      crontab: fields.crontab.trim(),
      timezone: fields.timezone,
      start_date: fields.start_date || null,
      end_date: fields.end_date || null,
      active: true,
    };
    return {
      db_id: tab.dbId ?? 0,
      label: fields.label.trim(),
      description: fields.description ?? '',
      catalog: tab.catalog,
      schema: tab.schema,
      sql: tab.sql,
      template_parameters: tab.templateParams || null,
      extra_json: JSON.stringify({ [SCHEDULE_INFO_KEY]: schedule }),
    };
  };

  const submit = async (fields: ScheduleFields) => {
    setError(undefined);
    try {
      await createSavedQuery(payload(fields));
    } catch (failure) {
      toasts.addDangerToast(t('sqlLab.toasts.notScheduled'));
      // The server's words stay in the form: a field it names goes on that field, the rest above.
      const fieldErrors = failure instanceof ApiError ? Object.entries(failure.fieldErrors) : [];
      const onFields = fieldErrors.flatMap(([name, errors]) => {
        const field = name.startsWith(SERVER_FIELD) ? name.slice(SERVER_FIELD.length) : name;
        return FORM_FIELDS.has(field) ? [{ name: field as keyof ScheduleFields, errors }] : [];
      });
      form.setFields(onFields);
      if (onFields.length < fieldErrors.length || fieldErrors.length === 0) setError(failure);
      return;
    }
    toasts.addSuccessToast(t('sqlLab.toasts.scheduled'));
    void queryClient.invalidateQueries({ queryKey: savedQueryKeys.all });
    onClose();
  };

  return (
    <FormModal<ScheduleFields>
      title={t('sqlLab.scheduleModal.title')}
      form={form}
      initialValues={{
        label: tab.name,
        description: '',
        crontab: '0 9 * * *',
        timezone: browserTimeZone(),
        start_date: '',
        end_date: '',
      }}
      onFinish={submit}
      onClose={onClose}
      okText={t('sqlLab.scheduleModal.submit')}
      error={error}
    >
      <Typography.Paragraph type="secondary">{t('sqlLab.scheduleModal.hint')}</Typography.Paragraph>
      <Form.Item name="label" label={t('sqlLab.scheduleModal.name')} rules={rules.label}>
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('sqlLab.scheduleModal.description')}>
        <Input.TextArea autoSize={{ minRows: 2 }} />
      </Form.Item>
      <Form.Item
        name="crontab"
        label={t('sqlLab.scheduleModal.schedule')}
        rules={rules.crontab}
        extra={<SchedulePreview crontab={crontab} timezone={timezone} />}
      >
        <ScheduleField />
      </Form.Item>
      <Form.Item name="timezone" label={t('sqlLab.scheduleModal.timezone')} rules={rules.timezone}>
        <Select
          showSearch
          options={zones}
          optionFilterProp="label"
          aria-label={t('sqlLab.scheduleModal.timezone')}
        />
      </Form.Item>
      <Space size={16} wrap lang={i18n.language}>
        <Form.Item name="start_date" label={t('sqlLab.scheduleModal.startDate')}>
          <Input type="date" aria-label={t('sqlLab.scheduleModal.startDate')} />
        </Form.Item>
        <Form.Item
          name="end_date"
          label={t('sqlLab.scheduleModal.endDate')}
          dependencies={['start_date']}
          rules={rules.endDate}
        >
          <Input type="date" aria-label={t('sqlLab.scheduleModal.endDate')} />
        </Form.Item>
      </Space>
    </FormModal>
  );
}
