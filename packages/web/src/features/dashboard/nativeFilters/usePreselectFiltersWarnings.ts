import type { PreselectFilters } from '@vitrina/common/filters/preselectFilters';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../../components/index.ts';

/**
 * One warning toast per kind of `preselect_filters` entry the page could not read (malformed JSON, a
 * key that is not chartId_column), once when the dashboard opens; the readable entries still apply.
 */
export function usePreselectFiltersWarnings({ errors }: PreselectFilters): void {
  const { t } = useTranslation();
  const { addWarningToast } = useToasts();
  const warned = useRef(false);
  useEffect(() => {
    if (warned.current) return;
    warned.current = true;
    for (const messageKey of new Set(errors.map((error) => error.messageKey))) addWarningToast(t(messageKey));
  }, [errors, addWarningToast, t]);
}
