import type { CurrentUser } from '@vitrina/common';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './i18n.ts';
import { storeLanguage } from './languagePreference.ts';

/** Once the user is known, their stored preference decides the language. */
export function useUserLanguage(user: CurrentUser | undefined): void {
  const { i18n } = useTranslation();
  const preferred = user?.preferred_language;
  useEffect(() => {
    if (!preferred) return;
    storeLanguage(preferred);
    if (i18n.language !== preferred) void switchLanguage(i18n, preferred);
  }, [preferred, i18n]);
}
