import { SafetyCertificateFilled, WarningOutlined } from '@ant-design/icons';
import { Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type CertificationFields, readCertification } from './datasetExtra.ts';

interface CertifiedNameProps {
  /** The item: its `extra` JSON and any top-level certification fields. */
  item: CertificationFields & { extra?: string | null };
  children: ReactNode;
}

/** A name with the certified badge and the warning sign the item asks for. */
export function CertifiedName({ item, children }: CertifiedNameProps) {
  const { t } = useTranslation();
  const { certifiedBy, details, warning } = readCertification(item.extra, item);
  return (
    <Space size={6}>
      {certifiedBy && (
        <Tooltip
          title={
            <>
              {t('datasets.certifiedBy', { name: certifiedBy })}
              {details && <div>{details}</div>}
            </>
          }
        >
          <SafetyCertificateFilled
            aria-label={t('datasets.certified')}
            style={{ color: 'var(--ant-color-primary)' }}
          />
        </Tooltip>
      )}
      {children}
      {warning && (
        <Tooltip title={warning}>
          <WarningOutlined aria-label={t('datasets.warning')} style={{ color: 'var(--ant-color-warning)' }} />
        </Tooltip>
      )}
    </Space>
  );
}
