import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import ruRU from 'antd/locale/ru_RU';
import { type ReactNode, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ToastProvider } from '../components/toast/index.ts';
import { i18n } from './i18n/i18n.ts';
import { createQueryClient } from './queryClient.ts';
import { theme } from './theme.ts';

/** antd's own texts (pagination, empty states, pickers) follow the UI language. */
function LocalizedAntd({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  return (
    <ConfigProvider locale={current.language === 'ru' ? ruRU : enUS} theme={theme}>
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
