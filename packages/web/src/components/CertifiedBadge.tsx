import { SafetyCertificateFilled } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

interface CertifiedBadgeProps {
  certifiedBy: string | null | undefined;
  details?: string | null | undefined;
}

/** The certified mark of a chart, with who certified it and why; nothing for an uncertified one. */
export function CertifiedBadge({ certifiedBy, details }: CertifiedBadgeProps) {
  const { t } = useTranslation();
  if (!certifiedBy) return null;
  return (
    <Tooltip
      title={
        <>
          {t('charts.certifiedBy', { name: certifiedBy })}
          {details && <div>{details}</div>}
        </>
      }
    >
      <SafetyCertificateFilled
        aria-label={t('charts.certified')}
        style={{ color: 'var(--ant-color-primary)' }}
      />
    </Tooltip>
  );
}
