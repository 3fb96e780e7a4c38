import type { ReportCreateBody } from '@vitrina/common';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors.ts';
import { useCreateReport, useUpdateReport } from '../../api/reports.ts';
import { useToasts } from '../../components/index.ts';
import type { ReportFormValues } from './reportForm.ts';

/** The API's field names that the form shows under another field. */
const FIELD_OF: Record<string, keyof ReportFormValues> = { validator_config_json: 'threshold' };

/**
 * Puts a 422's messages under the form fields they name; returns false when some message has no field
 * on this form (e.g. "save your chart first"), so the caller shows the error above the form.
 */
function showReportFieldErrors(form: FormInstance<ReportFormValues>, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const entries = Object.entries(error.fieldErrors);
  if (entries.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  const placed = entries
    .map(([field, errors]) => ({ name: FIELD_OF[field] ?? field, errors }))
    .filter(({ name }) => known.has(name));
  form.setFields(placed as Parameters<typeof form.setFields>[0]);
  return placed.length === entries.length;
}

/** Creates (`id` undefined) or edits a schedule with the spec's toasts; closes on success. */
export function useReportSave(form: FormInstance<ReportFormValues>, onClose: () => void) {
  const { t } = useTranslation();
  const { addSuccessToast } = useToasts();
  const create = useCreateReport();
  const update = useUpdateReport();
  const [formError, setFormError] = useState<unknown>();

  const save = async (id: number | undefined, body: ReportCreateBody) => {
    setFormError(undefined);
    try {
      if (id === undefined) {
        await create.mutateAsync(body);
        addSuccessToast(t('reports.toasts.created'));
      } else {
        await update.mutateAsync({ id, changes: body });
        addSuccessToast(t('reports.toasts.updated'));
      }
      onClose();
    } catch (error) {
      if (!showReportFieldErrors(form, error)) setFormError(error);
    }
  };

  return { save, formError, saving: create.isPending || update.isPending };
}
