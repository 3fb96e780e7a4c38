import { QueryClientProvider } from '@tanstack/react-query';
import { isLanguageCode } from '@vitrina/common/i18n/languages';
import { App as AntdApp, ConfigProvider } from 'antd';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/toast/index.ts';
import { i18n } from './i18n/i18n.ts';
import { loadedLanguagePack } from './i18n/languagePacks.ts';
import { createQueryClient } from './queryClient.ts';
import { theme } from './theme.ts';

/** antd's own texts (pagination, empty states, pickers) follow the UI language. */
function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  // The pack is loaded before its language is shown (i18n.ts switchLanguage); antd's default is English.
  const locale = isLanguageCode(current.language)
    ? loadedLanguagePack(current.language)?.antdLocale
    : undefined;
  return (
    <ConfigProvider locale={locale} theme={theme}>
      <AntdApp>
        <ToastProvider>{children}</ToastProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <LocalizedAntd>{children}</LocalizedAntd>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
