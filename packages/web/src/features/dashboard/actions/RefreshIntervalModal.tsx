import { Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/index.ts';
import { knownInterval, REFRESH_INTERVALS_SECONDS } from './refreshSchedule.ts';

/** Picks the auto-refresh interval; in edit mode it is saved with the dashboard, else kept for the session. */
export function RefreshIntervalModal({
  seconds,
  editing,
  onApply,
  onClose,
}: {
  seconds: number;
  editing: boolean;
  onApply: (seconds: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState(() => knownInterval(seconds));
  return (
    <Modal
      open
      title={t('dashboardActions.refresh.intervalTitle')}
      okText={t('dashboardActions.refresh.apply')}
      cancelText={t('dashboardActions.refresh.cancel')}
      onOk={() => {
        onApply(choice);
        onClose();
      }}
      onCancel={onClose}
    >
      <Typography.Paragraph>
        <label htmlFor="dashboard-refresh-frequency">{t('dashboardActions.refresh.frequency')}</label>
      </Typography.Paragraph>
      <Select<number>
        id="dashboard-refresh-frequency"
        style={{ width: '100%' }}
        value={choice}
        onChange={setChoice}
        options={REFRESH_INTERVALS_SECONDS.map((value) => ({
          value,
          label: t(`dashboardActions.refresh.intervals.${value}`),
        }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t(editing ? 'dashboardActions.refresh.editModeHint' : 'dashboardActions.refresh.viewModeHint')}
      </Typography.Paragraph>
    </Modal>
  );
}
