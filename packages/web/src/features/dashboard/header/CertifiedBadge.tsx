import { SafetyCertificateFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

/** The certification mark: who certified the dashboard and their details, in a tooltip. */
export function CertifiedBadge({
  certifiedBy,
  details,
}: {
  certifiedBy: string | null;
  details: string | null;
}) {
  const { t } = useTranslation();
  if (!certifiedBy) return null;
  return (
    <Tooltip
      title={
        <>
          <div>{t('dashboardActions.certified.by', { name: certifiedBy })}</div>
          {details && <div>{details}</div>}
        </>
      }
    >
      <SafetyCertificateFilled
        aria-label={t('dashboardActions.certified.label')}
        role="img"
        data-testid="dashboard-certified"
        style={{ color: '#1f9d55', fontSize: 18 }}
      />
    </Tooltip>
  );
}
