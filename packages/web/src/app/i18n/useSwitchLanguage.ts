import type { LanguageCode } from '@vitrina/common';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../api/errors.ts';
import { useUpdateMe } from '../../api/me.ts';
import { useToasts } from '../../components/toast/index.ts';
import { switchLanguage } from './i18n.ts';
import { storeLanguage } from './languagePreference.ts';

/** Switches the UI at once and stores the choice on the user (and locally, for the login page). */
export function useSwitchLanguage(): (language: LanguageCode) => void {
  const { t, i18n } = useTranslation();
  const updateMe = useUpdateMe();
  const { addDangerToast } = useToasts();
  return (language) => {
    void switchLanguage(i18n, language);
    storeLanguage(language);
    updateMe.mutate(
      { preferred_language: language },
      { onError: (error) => addDangerToast(errorText(error, t), { noDuplicate: true }) },
    );
  };
}
