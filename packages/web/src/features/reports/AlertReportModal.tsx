import { isKnownTimeZone, type ReportCreationMethod, type ReportType } from '@vitrina/common';
import { Divider, Form, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReport } from '../../api/reports.ts';
import { FormModal } from '../../components/index.ts';
import { AlertFields } from './AlertFields.tsx';
import { ContentFields } from './ContentFields.tsx';
import { DashboardStateFields, useDashboardFilterChoices } from './DashboardStateFields.tsx';
import { DeliveryFields } from './DeliveryFields.tsx';
import { NameFields } from './NameFields.tsx';
import { ReportLoading } from './ReportLoading.tsx';
import {
  browserTimeZone,
  newReportValues,
  type ReportFormValues,
  reportBody,
  reportValuesOf,
} from './reportForm.ts';
import { reportRules } from './reportRules.ts';
import { ScheduleFields } from './ScheduleFields.tsx';
import { useReportSave } from './useReportSave.ts';

export type AlertReportModalProps = {
  userId: number;
  onClose: () => void;
} & ({ type: ReportType; reportId?: undefined } | { reportId: number; type?: undefined });

/**
 * Superset's AlertReportModal, opened from the Alerts & Reports list: a new alert or report
 * (`type`), or an existing schedule (`reportId`). Alerts add their query, condition and grace period.
 */
export function AlertReportModal(props: AlertReportModalProps) {
  const report = useReport(props.reportId);
  if (props.reportId === undefined) {
    return (
      <AlertReportForm
        {...props}
        initial={newReportValues(props.type, browserTimeZone(isKnownTimeZone))}
        creationMethod="alerts_reports"
        owners={[props.userId]}
      />
    );
  }
  if (!report.data) return <ReportLoading report={report} onClose={props.onClose} />;
  return (
    <AlertReportForm
      {...props}
      initial={reportValuesOf(report.data)}
      creationMethod={report.data.creation_method as ReportCreationMethod}
      owners={report.data.owners.map((owner) => owner.id)}
    />
  );
}

interface AlertReportFormProps {
  reportId?: number | undefined;
  initial: ReportFormValues;
  creationMethod: ReportCreationMethod;
  owners: number[];
  onClose: () => void;
}

function AlertReportForm({ reportId, initial, creationMethod, owners, onClose }: AlertReportFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportFormValues>();
  const { save, formError, saving } = useReportSave(form, onClose);
  const rules = reportRules(t);
  const content = Form.useWatch('contentType', form) ?? initial.contentType;
  const watchedDashboard = Form.useWatch('dashboard', form);
  const dashboardId = content === 'dashboard' ? (watchedDashboard ?? initial.dashboard) : undefined;
  const dashboardFilters = useDashboardFilterChoices(dashboardId);
  const isAlert = initial.type === 'Alert';
  const title = isAlert
    ? t(reportId === undefined ? 'reports.modal.newAlert' : 'reports.modal.editAlert')
    : t(reportId === undefined ? 'reports.modal.newReport' : 'reports.modal.editReport');

  return (
    <FormModal<ReportFormValues>
      title={title}
      form={form}
      initialValues={initial}
      onFinish={(values) =>
        void save(
          reportId,
          reportBody({ ...initial, ...values }, { creationMethod, owners, dashboardFilters }),
        )
      }
      onClose={onClose}
      okText={t(reportId === undefined ? 'reports.modal.add' : 'common.save')}
      okButtonProps={{ loading: saving }}
      error={formError}
      width={720}
    >
      <NameFields />
      <Form.Item name="active" label={t('reports.form.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      {isAlert && (
        <>
          <Divider titlePlacement="start">{t('reports.modal.condition')}</Divider>
          <AlertFields />
        </>
      )}
      <Divider titlePlacement="start">{t('reports.modal.content')}</Divider>
      <ContentFields />
      <Divider titlePlacement="start">{t('reports.modal.schedule')}</Divider>
      <ScheduleFields />
      <Form.Item name="log_retention" label={t('reports.form.logRetention')} rules={rules.positive}>
        <InputNumber min={1} suffix={t('reports.form.days')} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="working_timeout" label={t('reports.form.workingTimeout')} rules={rules.positive}>
        <InputNumber min={1} suffix={t('reports.form.seconds')} style={{ width: 200 }} />
      </Form.Item>
      {isAlert && (
        <Form.Item name="grace_period" label={t('reports.form.gracePeriod')} rules={rules.positive}>
          <InputNumber min={1} suffix={t('reports.form.seconds')} style={{ width: 200 }} />
        </Form.Item>
      )}
      <Divider titlePlacement="start">{t('reports.modal.delivery')}</Divider>
      <DeliveryFields content={content} />
      <DashboardStateFields dashboardId={dashboardId} />
    </FormModal>
  );
}
