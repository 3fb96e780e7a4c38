import {
  crontabProblem,
  EMAIL_PATTERN,
  isKnownTimeZone,
  REPORT_NAME_MAX,
  splitAddresses,
} from '@vitrina/common';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** The forms' checks before anything is sent; the server checks the same and answers a 422 per field. */

/** Superset's screenshot width bounds, which the server enforces. */
export const CUSTOM_WIDTH = { min: 600, max: 2400 } as const;

const check = (problem: (value: unknown) => string | null): Rule => ({
  validator: async (_rule, value) => {
    const message = problem(value);
    if (message) throw new Error(message);
  },
});

export function reportRules(t: TFunction) {
  return {
    name: [
      { required: true, whitespace: true, message: t('reports.form.required') },
      { max: REPORT_NAME_MAX, message: t('reports.form.nameTooLong', { max: REPORT_NAME_MAX }) },
    ] satisfies Rule[],
    crontab: [
      check((value) => {
        const problem = crontabProblem(String(value ?? ''));
        return problem ? t('reports.form.crontabInvalid', { problem }) : null;
      }),
    ],
    timezone: [
      check((value) => (isKnownTimeZone(String(value ?? '')) ? null : t('reports.form.timezoneInvalid'))),
    ],
    recipients: [
      check((value) => {
        const addresses = splitAddresses(String(value ?? ''));
        if (addresses.length === 0) return t('reports.form.recipientsRequired');
        const invalid = addresses.filter((address) => !EMAIL_PATTERN.test(address));
        return invalid.length ? t('reports.form.recipientsInvalid', { addresses: invalid.join(', ') }) : null;
      }),
    ],
    required: [{ required: true, message: t('reports.form.required') }] satisfies Rule[],
    positive: [
      { required: true, message: t('reports.form.required') },
      { type: 'number', min: 1, message: t('reports.form.positive') },
    ] satisfies Rule[],
  };
}
