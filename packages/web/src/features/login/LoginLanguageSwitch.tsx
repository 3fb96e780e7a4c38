import { LANGUAGES, type LanguageCode } from '@vitrina/common';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { storeLanguage } from '../../app/i18n/languagePreference.ts';

/** Before login there is no user to store the choice on, so it stays in this browser. */
export function LoginLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const choose = (language: LanguageCode) => {
    storeLanguage(language);
    void i18n.changeLanguage(language);
  };
  return (
    <Segmented<LanguageCode>
      size="small"
      aria-label={t('userMenu.language')}
      value={i18n.language as LanguageCode}
      options={LANGUAGES.map((language) => ({ value: language, label: language.toUpperCase() }))}
      onChange={choose}
    />
  );
}
