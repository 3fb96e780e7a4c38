import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** A yes/no table cell: a check mark or a dash, with the word for screen readers. */
export function BooleanMark({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return value ? (
    <CheckOutlined aria-label={t('common.yes')} style={{ color: 'var(--ant-color-success)' }} />
  ) : (
    <MinusOutlined aria-label={t('common.no')} style={{ color: 'var(--ant-color-text-quaternary)' }} />
  );
}
