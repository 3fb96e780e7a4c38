import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { YesNoAny } from './listQueries.ts';

/** A Yes / No filter whose empty choice reads 'Any'. */
export function YesNoSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: YesNoAny;
  onChange: (value: YesNoAny) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select<YesNoAny>
      aria-label={label}
      value={value}
      style={{ width: 140 }}
      onChange={onChange}
      options={[
        { value: 'any', label: `${label}: ${t('onboarding.filters.any')}` },
        { value: 'yes', label: `${label}: ${t('onboarding.filters.yes')}` },
        { value: 'no', label: `${label}: ${t('onboarding.filters.no')}` },
      ]}
    />
  );
}
