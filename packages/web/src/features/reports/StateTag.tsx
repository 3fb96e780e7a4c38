import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  MinusCircleOutlined,
  QuestionCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { ReportState } from '@vitrina/common';
import { Space, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Token = ReturnType<typeof theme.useToken>['token'];

/** Each state's icon and colour, as Superset's AlertStatusIcon draws them. */
const LOOK: Record<ReportState, { icon: ReactNode; color: (token: Token) => string }> = {
  Success: { icon: <CheckCircleOutlined />, color: (token) => token.colorSuccess },
  Working: { icon: <SyncOutlined spin />, color: (token) => token.colorPrimary },
  Error: { icon: <CloseCircleOutlined />, color: (token) => token.colorError },
  'Not triggered': { icon: <MinusCircleOutlined />, color: (token) => token.colorTextTertiary },
  'On Grace': { icon: <ClockCircleOutlined />, color: (token) => token.colorWarning },
};

export const isReportState = (state: string | null | undefined): state is ReportState =>
  state !== null && state !== undefined && Object.hasOwn(LOOK, state);

/** A run state as its coloured icon and name; a schedule that never ran says so. */
export function StateTag({
  state,
  iconOnly = false,
}: {
  state: string | null | undefined;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const known = isReportState(state);
  const label = known ? t(`reports.states.${state}`) : t('reports.states.none');
  const icon = known ? LOOK[state].icon : <QuestionCircleOutlined />;
  const color = known ? LOOK[state].color(token) : token.colorTextQuaternary;
  return (
    <Space size={6} title={label} aria-label={label} data-state={state ?? 'none'}>
      <span style={{ color }}>{icon}</span>
      {!iconOnly && <span>{label}</span>}
    </Space>
  );
}
