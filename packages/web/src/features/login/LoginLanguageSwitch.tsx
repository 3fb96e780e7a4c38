import { LANGUAGES, type LanguageCode } from '@vitrina/common';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from '../../app/i18n/i18n.ts';
import { storeLanguage } from '../../app/i18n/languagePreference.ts';

/** Before login there is no user to store the choice on, so it stays in this browser. */
export function LoginLanguageSwitch() {
  const { t, i18n } = useTranslation();
  const choose = (language: LanguageCode) => {
    storeLanguage(language);
    void switchLanguage(i18n, language);
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
