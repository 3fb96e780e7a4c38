import { type DashboardChoice, isKnownTimeZone } from '@vitrina/common';
import { Form, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ReportTarget, useReport } from '../../api/reports.ts';
import { FormModal } from '../../components/index.ts';
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

interface HeaderReportModalProps {
  target: ReportTarget;
  /** The chart's or dashboard's title, for the new report's name. */
  targetName: string;
  /** The report being edited; a new one when undefined. */
  reportId?: number | undefined;
  userId: number;
  /** Where a new report goes: the maker's own address. */
  userEmail: string;
  /** What the dashboard page showed when a new report's form opened: its starting tabs and filter values. */
  viewed?: DashboardChoice | undefined;
  onClose: () => void;
}

/** Superset's ReportModal: an e-mail report of the chart or dashboard whose header opened it. */
export function HeaderReportModal({ reportId, ...props }: HeaderReportModalProps) {
  const report = useReport(reportId);
  if (reportId === undefined) return <ReportForm {...props} />;
  if (!report.data) return <ReportLoading report={report} onClose={props.onClose} />;
  return (
    <ReportForm
      {...props}
      reportId={reportId}
      initial={reportValuesOf(report.data)}
      owners={report.data.owners.map((owner) => owner.id)}
    />
  );
}

function ReportForm({
  target,
  targetName,
  reportId,
  userId,
  userEmail,
  viewed,
  onClose,
  initial,
  owners,
}: Omit<HeaderReportModalProps, 'reportId'> & {
  reportId?: number;
  initial?: ReportFormValues;
  owners?: number[];
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportFormValues>();
  const { save, formError, saving } = useReportSave(form, onClose);
  const _rules = reportRules(t);
  const dashboardFilters = useDashboardFilterChoices(target.kind === 'dashboard' ? target.id : undefined);
  const initialValues =
    initial ??
    ({
      ...newReportValues('Report', browserTimeZone(isKnownTimeZone), { kind: target.kind, id: target.id }),
      name: t('reports.modal.defaultName', { name: targetName }),
      recipients: userEmail,
      ...(viewed && { report_tabs: viewed.tabs, report_filter_values: viewed.filterValues }),
    } satisfies ReportFormValues);

  const submit = (values: ReportFormValues) =>
    void save(
      reportId,
      reportBody(
        // The header's own chart or dashboard, whatever the stored values say.
        { ...initialValues, ...values, contentType: target.kind, [target.kind]: target.id },
        {
          creationMethod: target.kind === 'chart' ? 'charts' : 'dashboards',
          owners: owners ?? [userId],
          dashboardFilters,
        },
      ),
    );

  return (
    <FormModal<ReportFormValues>
      title={t(reportId === undefined ? 'reports.modal.newTitle' : 'reports.modal.editTitle')}
      form={form}
      initialValues={initialValues}
      onFinish={submit}
      onClose={onClose}
      okText={t(reportId === undefined ? 'reports.modal.add' : 'common.save')}
      okButtonProps={{ loading: saving }}
      error={formError}
      width={640}
    >
      <NameFields />
      <ScheduleFields />
      <DeliveryFields content={target.kind} recipientsFixed={reportId === undefined} />
      {target.kind === 'dashboard' && <DashboardStateFields dashboardId={target.id} />}
      <Form.Item name="active" label={t('reports.form.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
