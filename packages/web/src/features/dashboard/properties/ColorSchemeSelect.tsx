import { CATEGORICAL_SCHEMES } from '@vitrina/common';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';

interface ColorSchemeSelectProps {
  value: string | undefined;
  onChange: (scheme: string | undefined) => void;
  disabled?: boolean;
  id?: string;
}

/** The first colours of a scheme as small squares. */
function Swatches({ colors }: { colors: readonly string[] }) {
  return (
    <Flex gap={2} aria-hidden>
      {colors.slice(0, 10).map((color) => (
        <span key={color} style={{ width: 12, height: 12, borderRadius: 2, background: color }} />
      ))}
    </Flex>
  );
}

/** The dashboard's categorical colour scheme, each choice shown with its colours. */
export function ColorSchemeSelect({ value, onChange, disabled, id }: ColorSchemeSelectProps) {
  const { t } = useTranslation();
  return (
    <Select
      {...(id ? { id } : {})}
      allowClear
      value={value}
      disabled={disabled}
      placeholder={t('dashboardProperties.colorSchemeDefault')}
      onChange={(scheme: string | undefined) => onChange(scheme)}
      options={CATEGORICAL_SCHEMES.map((scheme) => ({
        value: scheme.id,
        label: (
          <Flex gap={8} align="center" justify="space-between">
            <span>{t(scheme.labelKey)}</span>
            <Swatches colors={scheme.colors} />
          </Flex>
        ),
      }))}
    />
  );
}
