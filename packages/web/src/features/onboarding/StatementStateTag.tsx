import type { StatementState } from '@vitrina/common';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<StatementState, string> = { open: 'processing', approved: 'success', declined: 'error' };

/** A request's state: open, approved or declined. */
export function StatementStateTag({ state }: { state: StatementState }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[state]}>{t(`onboarding.state.${state}`)}</Tag>;
}
